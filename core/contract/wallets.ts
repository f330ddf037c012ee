// The member's wallets (spec §7 /users/getUserBalances, /users/createWallet,
// /transactions/getWalletBalanceActivity): balances valued in the member's fiat and in BTC, adding a
// wallet (one coin, or every coin at once: multichain), and one wallet's balance over time.
// Balances are decimal strings in the asset's decimals; a value is null while no price is known,
// never a made-up number.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { AccountFiatSchema, AssetSchema, Decimal, IsoTime } from './fields.ts';
import { ChartRangeSchema } from './rates.ts';
import { object } from './schema-kit.ts';

export const WalletBalanceSchema = v.object({
  currency: AssetSchema,
  kind: v.picklist(['crypto', 'fiat']),
  /** "Bitcoin", "Euro". */
  name: v.string(),
  /** Posted balance: what the member owns. */
  balance: Decimal,
  /** Balance minus reserved (pending withdrawals): what can be spent now. */
  available: Decimal,
  /** Incoming, not yet final (unconfirmed deposits, authorised card payments). */
  pending_in: Decimal,
  /** Crypto wallets: the member's deposit address (test network addresses in test mode); fiat: null. */
  address: v.nullable(v.string()),
  /** Destination tag for coins that need one; none of ours do, so null. */
  tag: v.nullable(v.string()),
  /** balance in the member's fiat currency at the current mid price; null while no price is available. */
  value: v.nullable(Decimal),
});
export type WalletBalance = v.InferOutput<typeof WalletBalanceSchema>;

const AccountValue = v.nullable(Decimal);

/** A merchant's balance in one asset: what its settled payments credited (ledger kind merchant_balance). */
export const MerchantBalanceSchema = v.object({
  currency: AssetSchema,
  kind: v.picklist(['crypto', 'fiat']),
  name: v.string(),
  balance: Decimal,
  available: Decimal,
  pending_in: Decimal,
  /** balance in the user's fiat currency at the current mid price; null while no price is available. */
  value: v.nullable(Decimal),
});
export type MerchantBalance = v.InferOutput<typeof MerchantBalanceSchema>;

/** The member's fiat wallet always exists. */
export const BalancesAnswerSchema = v.object({
  currency: AccountFiatSchema,
  wallets: v.array(WalletBalanceSchema),
  /** Merchant users only (absent for a member): the merchant's balances per asset, from the ledger. */
  merchant_balances: v.optional(v.array(MerchantBalanceSchema)),
  /** Total value of all wallets (and, for a merchant, its merchant balances) per account fiat and in BTC (spec §3 account_values); null while a price is missing. */
  account_values: v.object({ EUR: AccountValue, USD: AccountValue, GBP: AccountValue, CAD: AccountValue, AUD: AccountValue, BTC: AccountValue }),
});
export type BalancesAnswer = v.InferOutput<typeof BalancesAnswerSchema>;

/** One coin, or every supported coin at once (multichain). */
export const CreateWalletSchema = v.union(
  [object({ symbol: AssetSchema }), object({ multichain: v.literal(true) })],
  'Send { "symbol": "BTC" } or { "multichain": true }.',
);

export const CreateWalletAnswerSchema = v.object({ wallets: v.array(WalletBalanceSchema) });
export type CreateWalletAnswer = v.InferOutput<typeof CreateWalletAnswerSchema>;

export const WalletBalanceActivityQuerySchema = object({
  currency: AssetSchema,
  range: v.optional(ChartRangeSchema, '30d'),
});

/** The balance after each change in the range, oldest first. */
export const BalanceActivityAnswerSchema = v.object({
  currency: AssetSchema,
  range: ChartRangeSchema,
  points: v.array(v.object({ t: IsoTime, balance: Decimal })),
});
export type BalanceActivityAnswer = v.InferOutput<typeof BalanceActivityAnswerSchema>;

const MEMBER_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required'] as const;

const EXAMPLE_BTC_WALLET: WalletBalance = {
  currency: 'BTC',
  kind: 'crypto',
  name: 'Bitcoin',
  balance: '0.01500000',
  available: '0.01500000',
  pending_in: '0.00000000',
  address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  tag: null,
  value: '1306.85',
};

export const getUserBalances = endpoint({
  id: 'wallets.getUserBalances',
  method: 'GET',
  base: 'main',
  path: 'users/getUserBalances',
  caller: 'member',
  answer: BalancesAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'The member\'s wallets with their balances, and what they are worth together in each account fiat and in BTC.',
    description: 'For a merchant user, `merchant_balances` lists what its settled payments credited, per asset, and `account_values` include them.',
    errors: [...MEMBER_ERRORS],
    example: {
      answer: {
        currency: 'EUR',
        wallets: [
          { currency: 'EUR', kind: 'fiat', name: 'Euro', balance: '250.00', available: '250.00', pending_in: '0.00', address: null, tag: null, value: '250.00' },
          EXAMPLE_BTC_WALLET,
        ],
        account_values: { EUR: '1556.85', USD: '1680.12', GBP: '1310.40', CAD: '2290.05', AUD: '2520.77', BTC: '0.01787000' },
      },
    },
  },
});

export const createWallet = endpoint({
  id: 'wallets.createWallet',
  method: 'POST',
  base: 'main',
  path: 'users/createWallet',
  caller: 'member',
  body: CreateWalletSchema,
  answer: CreateWalletAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Adds a wallet for one currency, or for every coin at once; a wallet that exists is answered as it is.',
    description: 'A crypto wallet comes with its deposit address. Members hold the account fiats (no CHF wallet) and the coins.',
    errors: ['currency_not_supported', ...MEMBER_ERRORS, 'coin_unavailable'],
    example: { body: { symbol: 'BTC' }, answer: { wallets: [EXAMPLE_BTC_WALLET] } },
  },
});

export const getWalletBalanceActivity = endpoint({
  id: 'wallets.getWalletBalanceActivity',
  method: 'GET',
  base: 'main',
  path: 'transactions/getWalletBalanceActivity',
  caller: 'member',
  query: WalletBalanceActivityQuerySchema,
  answer: BalanceActivityAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'One wallet\'s balance over a day, a week, a month or a year, oldest first, for its chart.',
    errors: ['wallet_not_found', ...MEMBER_ERRORS],
    example: {
      query: { currency: 'BTC', range: '7d' },
      answer: {
        currency: 'BTC',
        range: '7d',
        points: [
          { t: '2026-11-16T10:00:00.000Z', balance: '0.01000000' },
          { t: '2026-11-23T10:00:00.000Z', balance: '0.01500000' },
        ],
      },
    },
  },
});

export const WALLETS_ENDPOINTS = [getUserBalances, createWallet, getWalletBalanceActivity];
