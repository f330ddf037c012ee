// Which currencies each conversion screen offers: buy spends the member's fiat
// on a coin, sell the reverse, trade swaps coins and exchange swaps fiat currencies. The query
// (?from=EUR&to=BTC) preselects a pair, but only one the screen can actually convert.
import { ACCOUNT_FIAT, CRYPTO, isAsset, type AccountFiat, type Asset } from '#core/assets.ts';
import type { Operation } from '#core/contract/rates.ts';
import type { Permissions } from '#core/whitelabel.ts';

export interface OperationSides {
  from: readonly Asset[];
  to: readonly Asset[];
}

export const OPERATION_SIDES: Record<Operation, OperationSides> = {
  buy: { from: ACCOUNT_FIAT, to: CRYPTO },
  sell: { from: CRYPTO, to: ACCOUNT_FIAT },
  trade: { from: CRYPTO, to: CRYPTO },
  exchange: { from: ACCOUNT_FIAT, to: ACCOUNT_FIAT },
};

/** Trade and exchange exist only where the provider turned them on; buy and sell always. */
export function operationEnabled(operation: Operation, permissions: Pick<Permissions, 'enable_trade' | 'enable_exchange'> | undefined): boolean {
  if (operation === 'trade') return permissions?.enable_trade === true;
  if (operation === 'exchange') return permissions?.enable_exchange === true;
  return true;
}

export interface Pair {
  from: Asset;
  to: Asset;
}

function pick(list: readonly Asset[], wanted: unknown, fallback: Asset): Asset {
  return isAsset(wanted) && list.includes(wanted) ? wanted : fallback;
}

/** The first entry of `list` that is not `other`: a pair never converts a currency into itself. */
function firstOther(list: readonly Asset[], other: Asset): Asset {
  return list.find((asset) => asset !== other) ?? other;
}

/**
 * The pair a screen opens with: the query's currencies where the screen offers them, else the
 * member's own fiat on the fiat side and the first coin (BTC) on the crypto side.
 */
export function initialPair(operation: Operation, query: { from?: string | null; to?: string | null }, memberFiat: AccountFiat): Pair {
  const sides = OPERATION_SIDES[operation];
  const fiatDefault = (list: readonly Asset[]) => (list.includes(memberFiat) ? memberFiat : (list[0] as Asset));
  const from = pick(sides.from, query.from, fiatDefault(sides.from));
  const toDefault = sides.to === sides.from ? firstOther(sides.to, from) : fiatDefault(sides.to);
  let to = pick(sides.to, query.to, toDefault);
  if (to === from) to = firstOther(sides.to, from);
  return { from, to };
}

/** Choosing a currency on one side that equals the other side swaps them, as exchanges do. */
export function choose(pair: Pair, side: 'from' | 'to', asset: Asset, operation: Operation): Pair {
  const sides = OPERATION_SIDES[operation];
  if (side === 'from') {
    if (asset === pair.to) return sides.to.includes(pair.from) ? { from: asset, to: pair.from } : { from: asset, to: firstOther(sides.to, asset) };
    return { ...pair, from: asset };
  }
  if (asset === pair.from) return sides.from.includes(pair.to) ? { from: pair.to, to: asset } : { from: firstOther(sides.from, asset), to: asset };
  return { ...pair, to: asset };
}
