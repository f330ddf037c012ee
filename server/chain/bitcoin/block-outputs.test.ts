import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockPayments, outputAddress, satoshisOf, spentOutpoints, transactionPayments, type RpcBlock } from './block-outputs.ts';

// A block recorded from litecoind 0.21 in regtest (getblock HASH 2): a coinbase, a transaction paying
// rltc1qnm7g… twice (0.12345678 + 0.20000001, added by hand to the raw transaction, which
// createrawtransaction refuses), rltc1qemzk… once, change and an OP_RETURN, and a plain sendtoaddress.
const fixtureText = readFileSync(new URL('./fixtures/litecoin-regtest-block.json', import.meta.url), 'utf8');
const asNumbers = JSON.parse(fixtureText) as RpcBlock;
// What the RPC client hands over with decimalKeys ['value']: each amount as the node's own text.
const asText = JSON.parse(fixtureText, ((key: string, value: unknown, context?: { source?: string }) => (key === 'value' && typeof value === 'number' ? context!.source : value)) as never) as RpcBlock;

const PAYEE = 'rltc1qnm7ggsuvrkc97s7gkp5e3azu87z932v7sel5ca';
const OTHER = 'rltc1qemzkv9ve49p56qt00h2pfegrwxsklumn9suyzm';
const CHANGE = 'rltc1qxrafjwnxzxdwd24rxqtq9mv0x2rdyjtqk93j3t';
const TWICE_TX = '1e78054b85abc17375039c880dafb993ba1a03eb5841b0830d4dfcd2c17d90c7';
const SIMPLE_TX = '318261bde42d56ef897fcef2f8c5c5c4320e154bf1661abd35d8d3ce1bed92ce';

describe('block outputs', () => {
  it.each([
    ['amounts as the node printed them', asText],
    ['amounts as JSON numbers', asNumbers],
  ])('a recorded block yields one payment per (transaction, address), summed, without the coinbase (%s)', (_, block) => {
    expect(blockPayments(block, 'litecoin', 'regtest')).toEqual([
      { txid: TWICE_TX, address: PAYEE, amountMinor: 12_345_678n + 20_000_001n },
      { txid: TWICE_TX, address: OTHER, amountMinor: 25_000_000n },
      { txid: TWICE_TX, address: CHANGE, amountMinor: 4_819_096_122n },
      { txid: SIMPLE_TX, address: OTHER, amountMinor: 50_000_000n },
      { txid: SIMPLE_TX, address: 'rltc1q2da0nr6p3q75yn9rge2lnntrwadeyd4rfqv8gr', amountMinor: 73_455_379n },
    ]);
  });

  it('the recorded block is what the watcher reads: its height, hash and parent', () => {
    expect(asText).toMatchObject({ height: 103, hash: '5c43460d30873df900a09b01c604058ed5dcd7bd5a1ff46f6eecc67a264f1c56' });
    expect(asText.previousblockhash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a transaction names the outpoints it spends; a coinbase spends none', () => {
    const [coinbase, twice, simple] = asText.tx;
    expect(spentOutpoints(coinbase!)).toEqual([]);
    expect(spentOutpoints(twice!)).toEqual(['9597c9df0178bf5661ab834047fe0ffbb0226e289fa44e8ebed225694b069f31:0']);
    expect(spentOutpoints(simple!)).toEqual(['9597c9df0178bf5661ab834047fe0ffbb0226e289fa44e8ebed225694b069f31:1']);
    expect(transactionPayments(coinbase!, 'litecoin', 'regtest')).toEqual([]);
  });

  it.each([
    ['0.00000001', 1n],
    ['1.23456789', 123_456_789n],
    ['50.0010141', 5_000_101_410n],
    ['0', 0n],
    ['21000000.00000000', 2_100_000_000_000_000n],
    // More than 2^53 satoshis: exact only because it is read from the text, never through a float.
    ['84000000.00000001', 8_400_000_000_000_001n],
    [0.1, 10_000_000n],
    [48.76541801, 4_876_541_801n],
    ['1e-8', 1n],
  ] as const)('the amount %s is %s satoshis exactly', (value, satoshis) => {
    expect(satoshisOf(value)).toBe(satoshis);
  });

  it('an impossible amount is a bug, not a payment', () => {
    expect(() => satoshisOf(-1)).toThrow(/impossible/);
    expect(() => satoshisOf('abc')).toThrow(/impossible/);
  });

  it.each([
    ['newer nodes: address', { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' }, 'bitcoin', 'regtest', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'],
    ['litecoind 0.21: addresses[0]', { addresses: [PAYEE] }, 'litecoin', 'regtest', PAYEE],
    ['OP_RETURN: nobody', { type: 'nulldata' }, 'litecoin', 'regtest', null],
    ['Bitcoin Cash Node: CashAddr with its prefix', { address: 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2' }, 'bitcoincash', 'main', 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2'],
    ['CashAddr without its prefix, in capitals', { address: 'QR6M7J9NJLDWWZLG9V7V53UNLR4JKMX6EYLEP8EKG2' }, 'bitcoincash', 'main', 'bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2'],
    ['a BCH node run with -usecashaddr=0: legacy converted', { address: '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu' }, 'bitcoincash', 'main', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['a legacy address of another network: not ours', { address: '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu' }, 'bitcoincash', 'regtest', null],
  ] as const)('the address of an output (%s)', (_, scriptPubKey, family, network, expected) => {
    expect(outputAddress({ value: '1', n: 0, scriptPubKey: { ...scriptPubKey } as never }, family, network)).toBe(expected);
  });
});
