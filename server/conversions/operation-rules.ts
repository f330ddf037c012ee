// Which conversions a member may ask for: spec §4's four screens. buy: fiat -> crypto; sell:
// crypto -> fiat; trade: crypto -> crypto (provider flag enable_trade); exchange: fiat -> fiat
// (enable_exchange). Members hold the account fiats only, so CHF (a checkout currency) is refused.

import { isAccountFiat, isCrypto, type Asset } from '#core/assets.ts';
import type { Operation } from '#core/contract/rates.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Permissions } from '#core/whitelabel.ts';

const SIDES: Record<Operation, { from: 'fiat' | 'crypto'; to: 'fiat' | 'crypto'; says: string }> = {
  buy: { from: 'fiat', to: 'crypto', says: 'Buy pays with a fiat currency for a coin.' },
  sell: { from: 'crypto', to: 'fiat', says: 'Sell turns a coin into a fiat currency.' },
  trade: { from: 'crypto', to: 'crypto', says: 'Trade swaps one coin for another.' },
  exchange: { from: 'fiat', to: 'fiat', says: 'Exchange swaps one fiat currency for another.' },
};

function side(asset: Asset): 'fiat' | 'crypto' | null {
  if (isCrypto(asset)) return 'crypto';
  return isAccountFiat(asset) ? 'fiat' : null;
}

/** null when the member may convert `from` into `to` with `operation` here; otherwise the error to answer. */
export function checkOperation(operation: Operation, from: Asset, to: Asset, permissions: Pick<Permissions, 'enable_trade' | 'enable_exchange'>): AppError | null {
  const fromSide = side(from);
  const toSide = side(to);
  if (fromSide === null || toSide === null) {
    const which = fromSide === null ? from : to;
    return appError('currency_not_supported', `${which} cannot be held in an account here. Choose EUR, USD, GBP, CAD or AUD.`);
  }
  const rule = SIDES[operation];
  if (from === to) return appError('pair_not_supported', 'Choose two different currencies.');
  if (fromSide !== rule.from || toSide !== rule.to) return appError('pair_not_supported', `${rule.says} Choose another pair or another operation.`);
  if (operation === 'trade' && !permissions.enable_trade) return appError('operation_disabled', 'Trading one coin for another is not available here.');
  if (operation === 'exchange' && !permissions.enable_exchange) return appError('operation_disabled', 'Exchanging fiat currencies is not available here.');
  return null;
}
