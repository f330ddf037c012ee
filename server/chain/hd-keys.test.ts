import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { sha256 } from '@noble/hashes/sha2.js';
import { CHAIN_FAMILIES } from '#core/chain/networks.ts';
import { addressOfPublicKey, deriveAddress, keysFromEnvironment, keysFromSeed, seedFromMnemonic, testChainKeys, TEST_MNEMONIC } from './hd-keys.ts';
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
    for (const family of CHAIN_FAMILIES) expect(testChainKeys().accounts[family].privateKey).toBeNull();
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
