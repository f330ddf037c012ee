// Which payout adapters a process runs follows the chain settings: one per family served by a node, and EVM
// only with a signer key.

import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { chainSettingsFrom, type ChainEnv } from '../chain-config.ts';
import { EvmPayout } from './evm-payout.ts';
import { payoutFeeQuotersFrom, payoutSendersFrom } from './payout-senders-from.ts';

const KEY = `0x${'11'.repeat(32)}`;
/** Adapters only touch the database when they send or follow: never here. */
const db = {} as Db;

describe('payoutSendersFrom', () => {
  it.each([
    { why: 'the built-in test network pays every family', env: { MODE: 'test' }, key: undefined, families: ['bitcoin', 'litecoin', 'bitcoincash', 'ethereum'], quoted: [] },
    { why: 'local nodes: litecoind and anvil with a key', env: { MODE: 'test', LTC_RPC_URL: 'http://u:p@127.0.0.1:1/wallet/w', EVM_RPC_URL: 'http://127.0.0.1:2' }, key: KEY, families: ['litecoin', 'ethereum'], quoted: ['litecoin', 'ethereum'] },
    { why: 'an EVM node without a key receives but does not pay', env: { MODE: 'live', EVM_RPC_URL: 'http://127.0.0.1:2', BTC_RPC_URL: 'http://u:p@127.0.0.1:1' }, key: undefined, families: ['bitcoin'], quoted: ['bitcoin'] },
  ] as Array<{ why: string; env: ChainEnv; key: string | undefined; families: string[]; quoted: string[] }>)('$why; fees are reserved for the families paid from a node', ({ env, key, families, quoted }) => {
    const senders = payoutSendersFrom(chainSettingsFrom(env), { EVM_PAYOUT_KEY: key }, db);
    expect(senders.map((sender) => sender.family)).toEqual(families);
    expect(senders.every((sender) => !sender.node.includes(':p@'))).toBe(true);
    // The test network's hot wallet cannot run dry: no fee is reserved there.
    expect(payoutFeeQuotersFrom(chainSettingsFrom(env), { EVM_PAYOUT_KEY: key }).map((quoter) => quoter.family)).toEqual(quoted);
  });

  it.each([
    { why: 'the EVM signer re-prices after 5 minutes, within 200 gwei, unless told otherwise', env: {}, cap: 200_000_000_000n, waitMs: 300_000 },
    { why: 'EVM_MAX_FEE_PER_GAS_GWEI and EVM_REPRICE_AFTER_S reach the EVM signer', env: { EVM_MAX_FEE_PER_GAS_GWEI: 35, EVM_REPRICE_AFTER_S: 120 }, cap: 35_000_000_000n, waitMs: 120_000 },
  ])('$why', ({ env, cap, waitMs }) => {
    const [sender] = payoutSendersFrom(chainSettingsFrom({ MODE: 'test', EVM_RPC_URL: 'http://127.0.0.1:2' }), { EVM_PAYOUT_KEY: KEY, ...env }, db);
    expect(sender).toBeInstanceOf(EvmPayout);
    expect([(sender as EvmPayout).maxFeePerGas, (sender as EvmPayout).repriceAfterMs]).toEqual([cap, waitMs]);
  });

  it('refuses a malformed key without echoing it', () => {
    const settings = chainSettingsFrom({ MODE: 'test', EVM_RPC_URL: 'http://127.0.0.1:2' });
    expect(() => payoutSendersFrom(settings, { EVM_PAYOUT_KEY: '0xsecret-but-short' }, db)).toThrow(/^EVM_PAYOUT_KEY must be 0x followed by 64 hexadecimal characters$/);
  });
});
