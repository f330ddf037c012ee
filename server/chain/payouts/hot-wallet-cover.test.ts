// The queue's promise check with scripted hot wallets and fee quotes (the same check against litecoind and
// anvil: hot-wallet-cover-nodes.test.ts): a payout is accepted only when the hot wallet covers every payout
// not yet sent, this one, and a network fee for each of them, in the coin the fee is paid in.

import { beforeEach, describe, expect, it } from 'vitest';
import type { CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type ChainFamily } from '#core/chain/networks.ts';
import type { ChainPayoutRow, ChainPayoutStatus } from '../../db/tables/chain-payouts.ts';
import { testDatabases } from '../../test-database.ts';
import { FEE_ASSET_OF, type FeeAllowance, type PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { FollowOutcome, PayoutSender, SendOutcome } from './payout-sender.ts';
import { usePayoutKit } from './payout-test-kit.ts';

const LTC_ADDRESS = 'rltc1qqurswpc8qurswpc8qurswpc8qurswpc8ntpxlg';
const ETH_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A hot wallet whose balances the test sets; a balance read takes readMs, so concurrent checks overlap. */
class ScriptedWallet implements PayoutSender {
  readonly node = 'scripted://';
  balances: Partial<Record<CryptoAsset, bigint>> = {};
  readMs = 0;
  constructor(
    readonly family: ChainFamily,
    readonly assets: readonly CryptoAsset[],
  ) {}
  async balance(asset: CryptoAsset) {
    if (this.readMs > 0) await new Promise((resolve) => setTimeout(resolve, this.readMs));
    return { balanceMinor: this.balances[asset] ?? 0n, address: null };
  }
  async send(): Promise<SendOutcome> {
    throw new Error('not sent in these tests');
  }
  async follow(): Promise<FollowOutcome> {
    throw new Error('not followed in these tests');
  }
}

class ScriptedQuoter implements PayoutFeeQuoter {
  fees: Partial<Record<CryptoAsset, bigint>> = {};
  failing: string | null = null;
  constructor(readonly family: ChainFamily) {}
  async quote(): Promise<FeeAllowance> {
    if (this.failing) throw new Error(this.failing);
    return { feeAsset: FEE_ASSET_OF[this.family], perPayoutMinor: (asset) => this.fees[asset] ?? 0n, basis: 'scripted' };
  }
}

interface Case {
  why: string;
  balances: Partial<Record<CryptoAsset, bigint>>;
  fees: Partial<Record<CryptoAsset, bigint>>;
  /** Payouts already in the table: [asset, amount, status]. */
  before?: Array<[CryptoAsset, bigint, ChainPayoutStatus]>;
  payout: [CryptoAsset, bigint];
  expected: 'ok' | 'hot_wallet_insufficient' | 'hot_wallet_fee_insufficient';
  /** Words the refusal's message must hold. */
  says?: string[];
}

const CASES: Case[] = [
  { why: 'a payout and its fee covered exactly', balances: { LTC: 1_000_000n }, fees: { LTC: 1_000n }, payout: ['LTC', 999_000n], expected: 'ok' },
  {
    why: 'the fee makes an otherwise covered payout refused',
    balances: { LTC: 1_000_000n },
    fees: { LTC: 1_000n },
    payout: ['LTC', 999_001n],
    expected: 'hot_wallet_insufficient',
    says: ['cannot cover 0.00999001 LTC and its network fee', 'it holds 0.01000000', '0.00001000 is kept for the network fees of 1 payouts including this one', 'try a smaller amount'],
  },
  { why: 'queued and sending payouts count, each with its fee (fits exactly)', balances: { LTC: 1_000_000n }, fees: { LTC: 1_000n }, before: [['LTC', 300_000n, 'queued'], ['LTC', 100_000n, 'sending']], payout: ['LTC', 597_000n], expected: 'ok' },
  {
    why: 'queued and sending payouts count, each with its fee (one satoshi over)',
    balances: { LTC: 1_000_000n },
    fees: { LTC: 1_000n },
    before: [['LTC', 300_000n, 'queued'], ['LTC', 100_000n, 'sending']],
    payout: ['LTC', 597_001n],
    expected: 'hot_wallet_insufficient',
    says: ['0.00400000 is promised to payouts not yet sent', '0.00003000 is kept for the network fees of 3 payouts'],
  },
  { why: 'broadcast, confirmed and failed payouts are already out of the balance (or never will be): not counted', balances: { LTC: 1_000_000n }, fees: { LTC: 1_000n }, before: [['LTC', 500_000n, 'broadcast'], ['LTC', 500_000n, 'confirmed'], ['LTC', 500_000n, 'failed']], payout: ['LTC', 999_000n], expected: 'ok' },
  { why: 'without a fee to reserve the whole balance may be promised', balances: { LTC: 1_000_000n }, fees: {}, payout: ['LTC', 1_000_000n], expected: 'ok' },
  {
    why: 'a USDT payout the token balance covers is refused when the ETH for its gas is missing',
    balances: { USDT: 10_000_000_000n, ETH: 99n },
    fees: { ETH: 21n, USDT: 100n },
    payout: ['USDT', 5_000_000_000n],
    expected: 'hot_wallet_fee_insufficient',
    says: ['network fee of this USDT payout in ETH', 'it holds 0.00000099 ETH', 'needs up to 0.00000100 ETH', "hot wallet's ETH is topped up"],
  },
  { why: 'a USDT payout with ETH for its gas is accepted', balances: { USDT: 10_000_000_000n, ETH: 100n }, fees: { ETH: 21n, USDT: 100n }, payout: ['USDT', 5_000_000_000n], expected: 'ok' },
  {
    why: 'the gas of USDT payouts not yet sent comes out of what an ETH payout may take',
    balances: { USDT: 10_000_000_000n, ETH: 10_000n },
    fees: { ETH: 21n, USDT: 100n, USDC: 100n },
    before: [['USDT', 100_000_000n, 'queued'], ['USDC', 100_000_000n, 'queued']],
    payout: ['ETH', 9_780n],
    expected: 'hot_wallet_insufficient',
    says: ['0.00000221 is kept for the network fees of 3 payouts'],
  },
  { why: 'an ETH payout that leaves the gas of the USDT and USDC payouts not yet sent', balances: { USDT: 10_000_000_000n, ETH: 10_000n }, fees: { ETH: 21n, USDT: 100n, USDC: 100n }, before: [['USDT', 100_000_000n, 'queued'], ['USDC', 100_000_000n, 'queued']], payout: ['ETH', 9_779n], expected: 'ok' },
  {
    why: 'ETH payouts not yet sent and their gas leave too little for a token payout',
    balances: { USDC: 10_000_000_000n, ETH: 1_000n },
    fees: { ETH: 21n, USDC: 100n },
    before: [['ETH', 900n, 'queued']],
    payout: ['USDC', 100_000_000n],
    expected: 'hot_wallet_fee_insufficient',
    says: ['0.00000900 is promised to ETH payouts not yet sent', '0.00000021 is kept for the network fees of 1 payouts not yet sent'],
  },
];

describe.each(testDatabases())('the hot wallet check at queue time on $name', ({ name }) => {
  const ltc = new ScriptedWallet('litecoin', ['LTC']);
  const evm = new ScriptedWallet('ethereum', ['ETH', 'USDT', 'USDC']);
  const ltcFees = new ScriptedQuoter('litecoin');
  const evmFees = new ScriptedQuoter('ethereum');
  const t = usePayoutKit(name, () => [ltc, evm], { fees: () => [ltcFees, evmFees] });
  let serial = 0;
  const queue = (asset: CryptoAsset, amountMinor: bigint, ref = `p-${(serial += 1)}`) =>
    t.database.db.transaction().execute((trx) => t.payouts.queuePayout(trx, { purpose: 'withdrawal', ref, asset, address: asset === 'LTC' ? LTC_ADDRESS : ETH_ADDRESS, amountMinor }));
  const store = async (asset: CryptoAsset, amountMinor: bigint, status: ChainPayoutStatus) => {
    const ref = `stored-${(serial += 1)}`;
    await t.database.db
      .insertInto('chain_payouts')
      .values({
        ref,
        purpose: 'withdrawal',
        asset,
        family: FAMILY_OF[asset],
        network: 'regtest',
        address: asset === 'LTC' ? LTC_ADDRESS : ETH_ADDRESS,
        amount_minor: amountMinor,
        status,
        txid: status === 'broadcast' || status === 'confirmed' ? `tx-${ref}` : null,
        failed_reason: status === 'failed' ? 'scripted' : null,
      })
      .execute();
  };

  beforeEach(async () => {
    await t.database.db.deleteFrom('chain_payouts').execute();
    for (const wallet of [ltc, evm]) wallet.readMs = 0;
    for (const quoter of [ltcFees, evmFees]) quoter.failing = null;
  });

  it.each(CASES)('$why: $expected', async ({ balances, fees, before, payout, expected, says }) => {
    ltc.balances = balances;
    evm.balances = balances;
    ltcFees.fees = fees;
    evmFees.fees = fees;
    for (const [asset, amount, status] of before ?? []) await store(asset, amount, status);
    const result = await queue(...payout);
    if (expected === 'ok') {
      expect(result).toMatchObject({ ok: true, payout: { status: 'queued', amount_minor: payout[1] } });
      return;
    }
    expect(result).toMatchObject({ ok: false, code: expected });
    for (const words of says ?? []) expect(!result.ok && result.message).toContain(words);
    const stored = await t.database.db.selectFrom('chain_payouts').select('status').where('status', 'in', ['queued', 'sending']).execute();
    expect(stored).toHaveLength((before ?? []).filter(([, , status]) => status === 'queued' || status === 'sending').length);
  });

  it('two payouts queued at once on coins that cover only one: exactly one is accepted', async () => {
    ltc.balances = { LTC: 1_000_000n };
    ltcFees.fees = { LTC: 1_000n };
    // Each balance read takes 100 ms, so without the lock both checks would read before either inserted.
    ltc.readMs = 100;
    const results = await Promise.all([queue('LTC', 600_000n, 'at-once-a'), queue('LTC', 600_000n, 'at-once-b')]);
    expect(results.map((result) => (result.ok ? 'ok' : result.code)).sort()).toEqual(['hot_wallet_insufficient', 'ok']);
    const rows: Pick<ChainPayoutRow, 'ref'>[] = await t.database.db.selectFrom('chain_payouts').select('ref').execute();
    expect(rows).toHaveLength(1);
  });

  it('a USDT and an ETH payout queued at once on ETH that pays for only one of them: one is refused', async () => {
    evm.balances = { USDT: 10_000_000_000n, ETH: 1_000n };
    evmFees.fees = { ETH: 21n, USDT: 100n };
    evm.readMs = 100;
    // The USDT payout needs 100 of the ETH for gas; the ETH payout takes 900 + 21: both together need 1,021.
    const [usdt, eth] = await Promise.all([queue('USDT', 100_000_000n, 'gas-a'), queue('ETH', 900n, 'gas-b')]);
    expect([usdt.ok, eth.ok].filter(Boolean)).toHaveLength(1);
    expect(usdt.ok ? eth : usdt).toMatchObject({ ok: false, code: usdt.ok ? 'hot_wallet_insufficient' : 'hot_wallet_fee_insufficient' });
  });

  it('a fee the node cannot estimate refuses the payout as unavailable, and stores nothing', async () => {
    ltc.balances = { LTC: 1_000_000n };
    ltcFees.failing = 'estimatesmartfee at http://u:***@127.0.0.1:1: no answer';
    const result = await queue('LTC', 1_000n);
    expect(result).toMatchObject({ ok: false, code: 'payout_unavailable' });
    expect(!result.ok && result.message).toContain('network fee cannot be estimated right now');
    expect(await t.database.db.selectFrom('chain_payouts').select('id').execute()).toEqual([]);
  });
});
