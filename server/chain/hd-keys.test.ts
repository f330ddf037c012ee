import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { bech32, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { CHAIN_FAMILIES } from '#core/chain/networks.ts';
import { addressOfPublicKey, deriveAddress, externalChildPublicKey, keysFromEnvironment, keysFromSeed, seedFromMnemonic, testChainKeys, TEST_MNEMONIC } from './hd-keys.ts';
import { REJECTED_PAYOUT_ADDRESSES, REJECTED_PAYOUT_SEED_TEXT } from './test-network-payout.ts';

const seed = seedFromMnemonic(TEST_MNEMONIC);

describe('address derivation', () => {
  it('the BIP39 seed of the test mnemonic is the published one', () => {
    expect(Buffer.from(seed).toString('hex')).toBe('5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4');
  });

  it.each([
    // BIP84's own vectors (mainnet), then the usual wallet vectors of the same mnemonic.
    ['bitcoin', 0, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    ['bitcoin', 1, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
    ['litecoin', 0, 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
    ['bitcoincash', 0, 'bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6'],
    ['ethereum', 0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
  ] as const)('mainnet %s at index %i is %s', (family, index, address) => {
    expect(deriveAddress(keysFromSeed(seed, 'main'), family, index)).toBe(address);
  });

  // BIP84's published vectors beyond the first two receive addresses: the account key and the first change address.
  it('BIP84: the account zpub, the public key at 0/0 and the first change address (1/0) are the published ones', () => {
    const account = keysFromSeed(seed, 'main').accounts.bitcoin!;
    const base58check = createBase58check(sha256);
    const zpub = base58check.encode(Uint8Array.from([0x04, 0xb2, 0x47, 0x46, ...base58check.decode(account.publicExtendedKey).slice(4)]));
    expect(zpub).toBe('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
    expect(Buffer.from(account.deriveChild(0).deriveChild(0).publicKey!).toString('hex')).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
    expect(addressOfPublicKey('bitcoin', account.deriveChild(1).deriveChild(0).publicKey!, 'main')).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it.each([
    ['bitcoin', 'bcrt', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl'],
    ['litecoin', 'rltc', 'tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk'],
  ] as const)('regtest derives %s addresses with the testnet key and the %s prefix (litecoind agrees: hd-keys-regtest.test.ts)', (family, hrp, testnet) => {
    const regtest = deriveAddress(keysFromSeed(seed, 'regtest'), family, 0);
    // The same witness program as the testnet address, re-encoded by plain bech32 under the regtest prefix.
    expect(regtest).toBe(bech32.encode(hrp, bech32.decode(testnet as `${string}1${string}`).words));
    expect(regtest).toMatch(new RegExp(`^${hrp}1q`));
  });

  it.each([
    ['bitcoin', /^tb1q[02-9ac-hj-np-z]{38}$/, 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl'],
    ['litecoin', /^tltc1q[02-9ac-hj-np-z]{38}$/, 'tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk'],
    ['bitcoincash', /^bchtest:q[02-9ac-hj-np-z]{41}$/, 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4'],
    ['ethereum', /^0x[0-9a-fA-F]{40}$/, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
  ] as const)('test mode derives %s addresses in the testnet format', (family, pattern, first) => {
    const keys = testChainKeys();
    expect(deriveAddress(keys, family, 0)).toBe(first);
    expect(deriveAddress(keys, family, 7)).toMatch(pattern);
    expect(deriveAddress(keys, family, 7)).not.toBe(first);
  });

  it('the test keys hold no private key: the server can receive, never spend', () => {
    for (const family of CHAIN_FAMILIES) expect(testChainKeys().accounts[family]!.privateKey).toBeNull();
  });

  it('live keys come from account xpubs, and a private extended key is refused', () => {
    const account = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'");
    const xpub = account.publicExtendedKey;
    const live = keysFromEnvironment({ BTC_XPUB: xpub, LTC_XPUB: xpub, BCH_XPUB: xpub, EVM_XPUB: xpub });
    expect(deriveAddress(live, 'bitcoin', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(() => keysFromEnvironment({ BTC_XPUB: account.privateExtendedKey, LTC_XPUB: xpub, BCH_XPUB: xpub, EVM_XPUB: xpub })).toThrow(/PRIVATE/);
    expect(() => keysFromEnvironment({ BTC_XPUB: xpub })).toThrow(/LTC_XPUB/);
  });

  it('refuses an index an xpub cannot derive', () => {
    expect(() => deriveAddress(testChainKeys(), 'bitcoin', 2 ** 31)).toThrow(RangeError);
    expect(() => deriveAddress(testChainKeys(), 'bitcoin', -1)).toThrow(RangeError);
  });

  it('the documented payout-rejecting addresses are those of the documented key', () => {
    const key = HDKey.fromMasterSeed(sha256(new TextEncoder().encode(REJECTED_PAYOUT_SEED_TEXT)));
    for (const family of CHAIN_FAMILIES) expect(addressOfPublicKey(family, key.publicKey!, 'test')).toBe(REJECTED_PAYOUT_ADDRESSES[family]);
  });
});
