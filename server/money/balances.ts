// A member's wallets as the app shows them (GET /users/getUserBalances, the sidebar, user_info):
// balances straight from the ledger accounts, valued in the member's fiat and in BTC at the current
// price. The ledger is the truth; a price is only an estimate, so when prices are unavailable the
// balances are still answered and only the values are missing (null), never a made-up number.

import { ACCOUNT_FIAT, CRYPTO, CRYPTO_DISPLAY_NAMES, isCrypto, type AccountFiat, type Asset } from '#core/assets.ts';
import type { BalancesAnswer, MerchantBalance, WalletBalance } from '#core/contract/wallets.ts';
import { convert, formatMinor } from '#core/money.ts';
import { accountsOfOwner, balanceOf, type Db, type LedgerAccount } from '../ledger/index.ts';
import { walletAccount } from './wallet-accounts.ts';

/** How many `to` one `from` is worth at the market's mid price, or null when no price is known now. */
export type PriceOf = (from: Asset, to: Asset) => Promise<string | null>;
/** The member's deposit address for a crypto wallet. */
export type AddressOf = (asset: Asset) => Promise<string | null>;

export interface MemberKey {
  providerId: bigint;
  userId: bigint;
  /** The member's account fiat (users.currency). */
  currency: AccountFiat;
}

const FIAT_NAMES: Record<string, string> = { EUR: 'Euro', USD: 'US Dollar', GBP: 'British Pound', CAD: 'Canadian Dollar', AUD: 'Australian Dollar', CHF: 'Swiss Franc' };

/** Fiat first (the member's own currency leading), then the coins in the spec's order. */
function walletOrder(currency: AccountFiat): (a: LedgerAccount, b: LedgerAccount) => number {
  const rank = (asset: Asset) => (asset === currency ? -1 : isCrypto(asset) ? 100 + CRYPTO.indexOf(asset) : ACCOUNT_FIAT.indexOf(asset as AccountFiat));
  return (a, b) => rank(a.asset) - rank(b.asset);
}

/** The member's wallet accounts; the fiat wallet of their currency always exists (created here on first read). */
export async function memberWalletAccounts(db: Db, member: MemberKey): Promise<LedgerAccount[]> {
  let accounts = (await accountsOfOwner(db, member.providerId, { type: 'user', userId: member.userId })).filter((account) => account.kind === 'wallet');
  if (!accounts.some((account) => account.asset === member.currency)) {
    accounts = [...accounts, await walletAccount(db, { providerId: member.providerId, userId: member.userId, asset: member.currency })];
  }
  return accounts.sort(walletOrder(member.currency));
}

/** Value of `minor` of `asset` in `target`, rounded down (an estimate never flatters). */
async function valueIn(priceOf: PriceOf, asset: Asset, minor: bigint, target: Asset): Promise<bigint | null> {
  if (asset === target) return minor;
  if (minor === 0n) return 0n;
  const price = await priceOf(asset, target);
  return price === null ? null : convert(minor, asset, price, target, 'down');
}

export async function walletBalance(account: LedgerAccount, member: MemberKey, priceOf: PriceOf, addressOf: AddressOf): Promise<WalletBalance> {
  const { balance, available, pendingIn } = balanceOf(account);
  const crypto = isCrypto(account.asset);
  const value = await valueIn(priceOf, account.asset, balance, member.currency);
  return {
    currency: account.asset,
    kind: crypto ? 'crypto' : 'fiat',
    name: isCrypto(account.asset) ? CRYPTO_DISPLAY_NAMES[account.asset] : (FIAT_NAMES[account.asset] ?? account.asset),
    balance: formatMinor(balance, account.asset),
    available: formatMinor(available, account.asset),
    pending_in: formatMinor(pendingIn, account.asset),
    address: crypto ? await addressOf(account.asset) : null,
    tag: null,
    value: value === null ? null : formatMinor(value, member.currency),
  };
}

/** Spec §3 account_values: the total of every wallet in each account fiat and in BTC; null where a price is missing. */
export async function accountValues(accounts: readonly LedgerAccount[], priceOf: PriceOf): Promise<BalancesAnswer['account_values']> {
  const targets = [...ACCOUNT_FIAT, 'BTC'] as const;
  const entries = await Promise.all(
    targets.map(async (target) => {
      let total = 0n;
      for (const account of accounts) {
        const value = await valueIn(priceOf, account.asset, balanceOf(account).balance, target);
        if (value === null) return [target, null] as const;
        total += value;
      }
      return [target, formatMinor(total, target)] as const;
    }),
  );
  return Object.fromEntries(entries) as BalancesAnswer['account_values'];
}

/** A merchant's balance accounts (what settled payments credited), coins in the spec's order. Empty for null. */
export async function merchantBalanceAccounts(db: Db, providerId: bigint, merchantId: bigint | null): Promise<LedgerAccount[]> {
  if (merchantId === null) return [];
  const accounts = await accountsOfOwner(db, providerId, { type: 'merchant', merchantId });
  return accounts.filter((account) => account.kind === 'merchant_balance').sort(walletOrder('EUR'));
}

export async function merchantBalance(account: LedgerAccount, member: MemberKey, priceOf: PriceOf): Promise<MerchantBalance> {
  const { address: _address, tag: _tag, ...rest } = await walletBalance(account, member, priceOf, async () => null);
  return rest;
}

/**
 * The member's wallets and their total. For a merchant user (merchantId not null) also its merchant
 * balances, counted in the total: the money its payments brought in is the account's too.
 */
export async function memberBalances(db: Db, member: MemberKey, priceOf: PriceOf, addressOf: AddressOf, merchantId: bigint | null = null): Promise<BalancesAnswer> {
  const accounts = await memberWalletAccounts(db, member);
  const merchantAccounts = await merchantBalanceAccounts(db, member.providerId, merchantId);
  const [wallets, merchant, values] = await Promise.all([
    Promise.all(accounts.map((account) => walletBalance(account, member, priceOf, addressOf))),
    Promise.all(merchantAccounts.map((account) => merchantBalance(account, member, priceOf))),
    accountValues([...accounts, ...merchantAccounts], priceOf),
  ]);
  return { currency: member.currency, wallets, ...(merchantId === null ? {} : { merchant_balances: merchant }), account_values: values };
}
