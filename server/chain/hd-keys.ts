// The extended public keys addresses are derived from, one per chain family (BIP32, account level),
// and the derivation of the address at an index. The server never needs a private key to receive:
//   - test mode: the keys come from the PUBLIC BIP39 test mnemonic below, derived once at start.
//     Anyone can derive them, which is the point: test-network coins are worth nothing, and tests
//     can check our derivation against published vectors.
//   - live mode: an account xpub per family from the environment (BTC_XPUB, LTC_XPUB, BCH_XPUB,
//     EVM_XPUB; standard 'xpub' version bytes); no seed and no private key ever reaches the server.
// Paths (account level; addresses at <account>/0/<index>, the external chain):
//   bitcoin BIP84 m/84'/0'/0' (test m/84'/1'/0'), litecoin BIP84 m/84'/2'/0' (test m/84'/1'/0'),
//   bitcoincash BIP44 m/44'/145'/0' (test m/44'/1'/0'), ethereum BIP44 m/44'/60'/0' (both).

import { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { encodeCashAddr } from '#core/chain/cashaddr.ts';
import { evmAddressFromPublicKey } from '#core/chain/eip55.ts';
import { CASHADDR_PREFIX, CHAIN_FAMILIES, SEGWIT_PARAMS, type ChainFamily, type NetworkKind } from '#core/chain/networks.ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/** The BIP39 test mnemonic (BIP84's and most wallets' published vectors use it). Test mode only. */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export const ACCOUNT_PATHS: Record<ChainFamily, Record<NetworkKind, string>> = {
  bitcoin: { main: "m/84'/0'/0'", test: "m/84'/1'/0'" },
  litecoin: { main: "m/84'/2'/0'", test: "m/84'/1'/0'" },
  bitcoincash: { main: "m/44'/145'/0'", test: "m/44'/1'/0'" },
  ethereum: { main: "m/44'/60'/0'", test: "m/44'/60'/0'" },
};

/** BIP32 indexes above this are hardened, which an xpub cannot derive. */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

export interface ChainKeys {
  network: NetworkKind;
  /** Account-level public keys; their private parts are wiped. */
  accounts: Record<ChainFamily, HDKey>;
}

/** BIP39 seed of a mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase). */
export function seedFromMnemonic(mnemonic: string, passphrase = ''): Uint8Array {
  return pbkdf2(sha512, mnemonic.normalize('NFKD'), `mnemonic${passphrase}`.normalize('NFKD'), { c: 2048, dkLen: 64 });
}

/** Account public keys from a seed: what test mode uses, and what tests check against vectors. */
export function keysFromSeed(seed: Uint8Array, network: NetworkKind): ChainKeys {
  const root = HDKey.fromMasterSeed(seed);
  const accounts = {} as Record<ChainFamily, HDKey>;
  for (const family of CHAIN_FAMILIES) accounts[family] = HDKey.fromExtendedKey(root.derive(ACCOUNT_PATHS[family][network]).publicExtendedKey);
  return { network, accounts };
}

export const LIVE_XPUB_ENV: Record<ChainFamily, string> = { bitcoin: 'BTC_XPUB', litecoin: 'LTC_XPUB', bitcoincash: 'BCH_XPUB', ethereum: 'EVM_XPUB' };

/** Live mode: account xpubs from the environment. Throws naming the variable (checked at start). */
export function keysFromEnvironment(source: Readonly<Record<string, string | undefined>>): ChainKeys {
  const accounts = {} as Record<ChainFamily, HDKey>;
  for (const family of CHAIN_FAMILIES) {
    const name = LIVE_XPUB_ENV[family];
    const value = source[name];
    if (!value) throw new Error(`${name} is not set: live mode needs the account xpub of ${family}`);
    const key = HDKey.fromExtendedKey(value);
    if (key.privateKey) throw new Error(`${name} holds a PRIVATE extended key; give the server the public one (xpub) only`);
    accounts[family] = key;
  }
  return { network: 'main', accounts };
}

let testKeys: ChainKeys | undefined;
/** The test-mode keys, derived once per process (PBKDF2 takes a moment). */
export function testChainKeys(): ChainKeys {
  return (testKeys ??= keysFromSeed(seedFromMnemonic(TEST_MNEMONIC), 'test'));
}

export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

/** The receiving address of `family` at external index `index`, in `keys.network`'s format. */
export function deriveAddress(keys: ChainKeys, family: ChainFamily, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new RangeError(`deriveAddress: index ${index} is outside 0..${MAX_ADDRESS_INDEX}`);
  const publicKey = keys.accounts[family].deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('deriveAddress: derived key has no public key');
  return addressOfPublicKey(family, publicKey, keys.network);
}

/** The single-key receiving address of a compressed public key in a family's format. */
export function addressOfPublicKey(family: ChainFamily, publicKey: Uint8Array, network: NetworkKind): string {
  switch (family) {
    case 'bitcoin':
    case 'litecoin':
      return p2wpkh(publicKey, SEGWIT_PARAMS[family][network]).address!;
    case 'bitcoincash':
      return encodeCashAddr(CASHADDR_PREFIX[network], 'p2pkh', hash160(publicKey));
    case 'ethereum':
      return evmAddressFromPublicKey(secp256k1.Point.fromBytes(publicKey).toBytes(false));
  }
}
