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
import { bech32 } from '@scure/base';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { encodeCashAddr } from '#core/chain/cashaddr.ts';
import { evmAddressFromPublicKey } from '#core/chain/eip55.ts';
import { CASHADDR_PREFIX, CHAIN_FAMILIES, SEGWIT_PARAMS, type ChainFamily, type NetworkKind } from '#core/chain/networks.ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { normalizeZ } from '@noble/curves/abstract/curve.js';

/** The BIP39 test mnemonic (BIP84's and most wallets' published vectors use it). Test mode only. */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export const ACCOUNT_PATHS: Record<ChainFamily, Record<NetworkKind, string>> = {
  bitcoin: { main: "m/84'/0'/0'", test: "m/84'/1'/0'", regtest: "m/84'/1'/0'" },
  litecoin: { main: "m/84'/2'/0'", test: "m/84'/1'/0'", regtest: "m/84'/1'/0'" },
  bitcoincash: { main: "m/44'/145'/0'", test: "m/44'/1'/0'", regtest: "m/44'/1'/0'" },
  ethereum: { main: "m/44'/60'/0'", test: "m/44'/60'/0'", regtest: "m/44'/60'/0'" },
};

/** BIP32 indexes above this are hardened, which an xpub cannot derive. */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

export interface ChainKeys {
  network: NetworkKind;
  /** Account-level public keys; their private parts are wiped. A family that is off has none. */
  accounts: Partial<Record<ChainFamily, HDKey>>;
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

/**
 * Live mode: account xpubs from the environment, for the families that are on (all by default). Throws
 * naming the variable (checked at start).
 */
export function keysFromEnvironment(source: Readonly<Record<string, string | undefined>>, families: readonly ChainFamily[] = CHAIN_FAMILIES): ChainKeys {
  const accounts: Partial<Record<ChainFamily, HDKey>> = {};
  for (const family of families) {
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

type CurvePoint = ReturnType<typeof secp256k1.Point.fromBytes>;

/** A P2WPKH address's witness version (BIP141): version 0, a 20-byte key hash. */
const SEGWIT_V0 = 0;

// <account>/0, the external chain every receiving address hangs from, derived once per account key, with its
// public key kept as a curve point.
interface ExternalChain {
  key: HDKey;
  publicKey: Uint8Array;
  chainCode: Uint8Array;
  point: CurvePoint;
}
const externalChains = new WeakMap<HDKey, ExternalChain>();
function externalChain(account: HDKey): ExternalChain {
  let chain = externalChains.get(account);
  if (!chain) {
    const key = account.deriveChild(0);
    if (!key.publicKey || !key.chainCode) throw new Error('externalChain: the account key has no public key or chain code');
    chain = { key, publicKey: key.publicKey, chainCode: key.chainCode, point: secp256k1.Point.fromBytes(key.publicKey) };
    externalChains.set(account, chain);
  }
  return chain;
}

/**
 * BIP32's public child derivation (CKDpub) of the external chain at `index`: point(parent) + I_L·G with
 * I = HMAC-SHA512(chain code, serP(parent) || ser32(index)), as a projective point (not normalised yet).
 * Written out because HDKey.deriveChild decodes the parent's compressed key again and then the child's (two
 * modular square roots) and hashes the child for a fingerprint nobody reads: three quarters of a payment's
 * derivation work in the profile. The rare I_L that BIP32 says to skip (zero, or not below the curve order:
 * odds about 2^-127) is left to the library, so its rule stays the one rule; hd-keys.test.ts holds both to
 * the same keys.
 */
function childPoint(chain: ExternalChain, index: number): CurvePoint {
  const data = new Uint8Array(37);
  data.set(chain.publicKey, 0);
  new DataView(data.buffer).setUint32(33, index, false);
  const tweak = bytesToNumberBE(hmac(sha512, chain.chainCode, data).subarray(0, 32));
  const byLibrary = () => secp256k1.Point.fromBytes(chain.key.deriveChild(index).publicKey!);
  if (tweak === 0n || tweak >= secp256k1.Point.Fn.ORDER) return byLibrary();
  // Variable-time multiplication (about 40 % faster here): the tweak is made of public data only (the xpub's
  // chain code and key, and the index), which anyone holding the xpub computes too, so timing leaks nothing.
  const child = chain.point.add(secp256k1.Point.BASE.multiplyUnsafe(tweak));
  return child.is0() ? byLibrary() : child;
}

/**
 * The external chain's public keys at `indexes`, as curve points in affine form. Normalised together: one
 * field inversion for the whole batch (Montgomery's trick) instead of one per key, which was a quarter of
 * each derivation; the address reserve derives its batches this way (server/offload-worker/).
 */
export function externalChildPoints(account: HDKey, indexes: readonly number[]): CurvePoint[] {
  const chain = externalChain(account);
  return normalizeZ(secp256k1.Point, indexes.map((index) => childPoint(chain, index)));
}

export function externalChildPublicKey(account: HDKey, index: number): Uint8Array {
  return externalChildPoints(account, [index])[0]!.toBytes(true);
}

/** The receiving address of `family` at external index `index`, in `keys.network`'s format. */
export function deriveAddress(keys: ChainKeys, family: ChainFamily, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new RangeError(`deriveAddress: index ${index} is outside 0..${MAX_ADDRESS_INDEX}`);
  const account = keys.accounts[family];
  if (!account) throw new Error(`deriveAddress: the ${family} chain is off in this process (no account key)`);
  return addressOfPoint(family, externalChildPoints(account, [index])[0]!, keys.network);
}

/** The single-key receiving address of a compressed public key in a family's format. */
export function addressOfPublicKey(family: ChainFamily, publicKey: Uint8Array, network: NetworkKind): string {
  // fromBytes checks the key is a point of the curve, as a wallet library would before paying to it.
  return addressOfPoint(family, secp256k1.Point.fromBytes(publicKey), network);
}

/**
 * The single-key receiving address of a public key already known to be a point of the curve, in a family's
 * format: P2WPKH (segwit v0, bech32), CashAddr P2PKH or EIP-55. Straight from the point, so nothing decodes a
 * compressed key back to a point (a square root each time).
 */
export function addressOfPoint(family: ChainFamily, point: CurvePoint, network: NetworkKind): string {
  switch (family) {
    case 'bitcoin':
    case 'litecoin':
      return bech32.encode(SEGWIT_PARAMS[family][network].bech32, [SEGWIT_V0, ...bech32.toWords(hash160(point.toBytes(true)))]);
    case 'bitcoincash':
      return encodeCashAddr(CASHADDR_PREFIX[network], 'p2pkh', hash160(point.toBytes(true)));
    case 'ethereum':
      return evmAddressFromPublicKey(point.toBytes(false));
  }
}
