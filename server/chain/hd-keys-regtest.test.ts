// Our regtest derivation checked against Litecoin Core itself: litecoind derives the addresses of our account
// key (as a wpkh / pkh descriptor) and we must get the same ones. It vouches for the BIP32 path and the
// witness program; the regtest prefixes (rltc1, bcrt1, bchreg:) are then plain re-encodings of the same hash.
import { Address } from '@scure/btc-signer';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCashAddr } from '#core/chain/cashaddr.ts';
import { SEGWIT_PARAMS } from '#core/chain/networks.ts';
import { deriveAddress, keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from './hd-keys.ts';
import { startLitecoind, type LocalLitecoind } from './nodes/index.ts';

const keys = keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'regtest');
/** Test networks' extended key versions (tpub/tprv): what litecoind's regtest parses. */
const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

function tpubOf(account: HDKey): string {
  return new HDKey({ versions: TESTNET_VERSIONS, depth: account.depth, index: account.index, parentFingerprint: account.parentFingerprint, chainCode: account.chainCode!, publicKey: account.publicKey! }).publicExtendedKey;
}

let node: LocalLitecoind;
beforeAll(async () => {
  node = await startLitecoind({ fundBlocks: 1 });
}, 60_000);
afterAll(async () => {
  await node?.stop();
}, 30_000);

async function nodeDerives(descriptor: string, count: number): Promise<string[]> {
  const { descriptor: withChecksum } = await node.rpc<{ descriptor: string }>('getdescriptorinfo', [descriptor], false);
  return node.rpc<string[]>('deriveaddresses', [withChecksum, [0, count - 1]], false);
}

describe('regtest derivation against litecoind', () => {
  it('rltc1: our litecoin receive addresses are the ones litecoind derives from our account key', async () => {
    const theirs = await nodeDerives(`wpkh(${tpubOf(keys.accounts.litecoin!)}/0/*)`, 5);
    expect(theirs.map((_, i) => deriveAddress(keys, 'litecoin', i))).toEqual(theirs);
    expect(theirs[0]).toBe('rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg');
  });

  it('bcrt1: our bitcoin regtest addresses carry the witness programs litecoind derives (same path), under the bcrt prefix', async () => {
    const theirs = await nodeDerives(`wpkh(${tpubOf(keys.accounts.bitcoin!)}/0/*)`, 5);
    const asBitcoin = theirs.map((address) => Address(SEGWIT_PARAMS.bitcoin.regtest).encode(Address(SEGWIT_PARAMS.litecoin.regtest).decode(address)));
    expect(asBitcoin.map((_, i) => deriveAddress(keys, 'bitcoin', i))).toEqual(asBitcoin);
    expect(asBitcoin.every((address) => address.startsWith('bcrt1q'))).toBe(true);
  });

  it("bchreg: our Bitcoin Cash regtest addresses hold the key hashes litecoind derives on BCH's path (BIP44 pkh)", async () => {
    const theirs = await nodeDerives(`pkh(${tpubOf(keys.accounts.bitcoincash!)}/0/*)`, 3);
    const asCashAddr = theirs.map((address) => {
      const decoded = Address(SEGWIT_PARAMS.litecoin.regtest).decode(address);
      if (decoded.type !== 'pkh') throw new Error(`expected a pkh address, got ${decoded.type}`);
      return encodeCashAddr('bchreg', 'p2pkh', decoded.hash);
    });
    expect(asCashAddr.map((_, i) => deriveAddress(keys, 'bitcoincash', i))).toEqual(asCashAddr);
  });
});
