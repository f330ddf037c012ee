import { describe, expect, it } from 'vitest';
import { getAddress, pad, type Hash, type Hex } from 'viem';
import { TOKEN_CONTRACTS } from '#core/chain/networks.ts';
import { addressesOf, nativeTxidsToCheck, observationsOf, ownedKey, tokenContractIndex, TRANSFER_TOPIC, transfersOfBlock } from './block-transfers.ts';
import type { EvmBlock, EvmLog } from './evm-client.ts';

const OURS = getAddress('0x9858effd232b4033e47d90003d41ec34ecaeda94');
const THEIRS = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const USDT = TOKEN_CONTRACTS.USDT.regtest as Hex;
const USDC = TOKEN_CONTRACTS.USDC.regtest as Hex;
const BLOCK_HASH = `0x${'b1'.repeat(32)}` as Hash;
const tokens = tokenContractIndex({ USDT, USDC });

const txid = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

function block(transactions: { hash: Hash; to: string | null; value: bigint }[]): EvmBlock {
  return { hash: BLOCK_HASH, number: '0x10', parentHash: `0x${'a0'.repeat(32)}`, transactions: transactions.map((tx) => ({ ...tx, value: `0x${tx.value.toString(16)}` })) } as unknown as EvmBlock;
}

function transferLog(contract: Hex, to: string, amount: bigint, hash: Hash, extra: Partial<EvmLog> = {}): EvmLog {
  return {
    address: contract,
    topics: [TRANSFER_TOPIC, pad(THEIRS), pad(to.toLowerCase() as Hex)],
    data: pad(`0x${amount.toString(16)}`),
    blockHash: BLOCK_HASH,
    blockNumber: '0x10',
    transactionHash: hash,
    removed: false,
    ...extra,
  } as unknown as EvmLog;
}

const everythingOurs = new Set([ownedKey('ETH', OURS), ownedKey('USDT', OURS), ownedKey('USDC', OURS)]);
const at = { block: { height: 16, hash: BLOCK_HASH }, confirmations: 1 };

describe('what an EVM block pays to our addresses', () => {
  it.each([
    { case: 'ether in wei becomes 8-decimal minor units', wei: 123_456_789n * 10n ** 10n, minor: 123_456_789n },
    { case: 'a remainder below 10^10 wei is not credited', wei: 5n * 10n ** 10n + 9_999_999_999n, minor: 5n },
    { case: 'exactly one minor unit is credited', wei: 10n ** 10n, minor: 1n },
    { case: 'less than one minor unit is dust and ignored', wei: 10n ** 10n - 1n, minor: null },
  ])('$case', ({ wei, minor }) => {
    const transfers = transfersOfBlock(block([{ hash: txid(1), to: OURS.toLowerCase(), value: wei }]), [], tokens);
    const observations = observationsOf(transfers, { ours: everythingOurs, failed: new Set(), ...at });
    expect(observations).toEqual(minor === null ? [] : [{ asset: 'ETH', address: OURS, txid: txid(1), amountMinor: minor, ...at }]);
  });

  it('token amounts of 6 decimals become 8-decimal minor units, per configured contract', () => {
    const logs = [transferLog(USDT, OURS, 12_345_678n, txid(2)), transferLog(USDC, OURS, 1n, txid(3))];
    const observations = observationsOf(transfersOfBlock(block([]), logs, tokens), { ours: everythingOurs, failed: new Set(), ...at });
    expect(observations.map((o) => [o.asset, o.amountMinor])).toEqual([
      ['USDT', 1_234_567_800n],
      ['USDC', 100n],
    ]);
  });

  it('one transaction paying the same address twice is one observation with the sum', () => {
    const logs = [transferLog(USDT, OURS, 1_000_000n, txid(4)), transferLog(USDT, OURS, 500_000n, txid(4)), transferLog(USDC, OURS, 7n, txid(4))];
    const observations = observationsOf(transfersOfBlock(block([]), logs, tokens), { ours: everythingOurs, failed: new Set(), ...at });
    expect(observations.map((o) => [o.asset, o.txid, o.amountMinor])).toEqual([
      ['USDT', txid(4), 150_000_000n],
      ['USDC', txid(4), 700n],
    ]);
  });

  it.each([
    { case: 'a contract we do not watch', log: transferLog(getAddress('0x1111111111111111111111111111111111111111'), OURS, 5n, txid(5)) },
    { case: 'a log removed by a reorganisation', log: transferLog(USDT, OURS, 5n, txid(5), { removed: true }) },
    { case: 'an ERC-721 Transfer (a third indexed topic)', log: { ...transferLog(USDT, OURS, 5n, txid(5)), topics: [TRANSFER_TOPIC, pad(THEIRS), pad(OURS.toLowerCase() as Hex), pad('0x05')] } as EvmLog },
    { case: 'a log of another block (another branch)', log: transferLog(USDT, OURS, 5n, txid(5), { blockHash: `0x${'cc'.repeat(32)}` }) },
    { case: 'a zero-amount transfer', log: transferLog(USDT, OURS, 0n, txid(5)) },
  ])('ignores $case', ({ log }) => {
    expect(transfersOfBlock(block([]), [log], tokens)).toEqual([]);
  });

  it('pays only addresses that are ours for that asset; a failed transaction pays no ether', () => {
    const transfers = transfersOfBlock(
      block([
        { hash: txid(6), to: OURS, value: 10n ** 18n },
        { hash: txid(7), to: THEIRS, value: 10n ** 18n },
        { hash: txid(8), to: OURS, value: 2n * 10n ** 18n },
        { hash: txid(9), to: null, value: 10n ** 18n },
      ]),
      [transferLog(USDT, OURS, 1n, txid(10))],
      tokens,
    );
    expect(addressesOf(transfers)).toEqual([OURS, THEIRS]);
    const ethOnly = new Set([ownedKey('ETH', OURS)]);
    expect(nativeTxidsToCheck(transfers, ethOnly)).toEqual([txid(6), txid(8)]);
    const observations = observationsOf(transfers, { ours: ethOnly, failed: new Set([txid(8)]), ...at });
    expect(observations.map((o) => [o.asset, o.txid, o.amountMinor])).toEqual([['ETH', txid(6), 100_000_000n]]);
  });
});
