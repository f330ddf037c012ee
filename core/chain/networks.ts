// The chains behind our crypto assets, and each one's parameters on test and main networks. One
// table, so the address rules, the payment URIs and the server's key derivation cannot disagree.
//
// USDT and USDC are ERC-20 tokens on the same chain as ETH: they share its addresses and keys.
// Test mode runs on our own test network (a labelled double, server/chain/test-network.ts), which
// speaks the TESTNET formats: tb1q..., tltc1q..., bchtest:q..., and EVM chain id 31337 (the id local
// development chains such as hardhat use). The test token contracts are the first two contracts
// hardhat's default account deploys on chain 31337 (nonces 0 and 1), so a later hardhat-backed test
// network can deploy our test USDT and USDC at exactly these addresses.

import type { CryptoAsset } from '../assets.ts';

export type ChainFamily = 'bitcoin' | 'litecoin' | 'bitcoincash' | 'ethereum';
export const CHAIN_FAMILIES: readonly ChainFamily[] = ['bitcoin', 'litecoin', 'bitcoincash', 'ethereum'];

/**
 * 'test': testnet formats, on our built-in test network (MODE=test); 'regtest': a local node's own
 * regression-test chain (MODE=test with local nodes: litecoind -regtest, anvil); 'main': the real
 * networks (MODE=live).
 */
export type NetworkKind = 'test' | 'regtest' | 'main';
export const NETWORK_KINDS: readonly NetworkKind[] = ['test', 'regtest', 'main'];

export const FAMILY_OF: Record<CryptoAsset, ChainFamily> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  BCH: 'bitcoincash',
  ETH: 'ethereum',
  USDT: 'ethereum',
  USDC: 'ethereum',
};

/** The assets each family's chain carries (USDT and USDC ride on Ethereum). */
export const ASSETS_OF_FAMILY: Record<ChainFamily, readonly CryptoAsset[]> = {
  bitcoin: ['BTC'],
  litecoin: ['LTC'],
  bitcoincash: ['BCH'],
  ethereum: ['ETH', 'USDT', 'USDC'],
};

/** Base58 and bech32 parameters, in the shape @scure/btc-signer takes. */
export interface Base58Bech32Params {
  bech32: string;
  pubKeyHash: number;
  scriptHash: number;
  wif: number;
}

export const SEGWIT_PARAMS: Record<'bitcoin' | 'litecoin', Record<NetworkKind, Base58Bech32Params>> = {
  bitcoin: {
    main: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    test: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  litecoin: {
    main: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    test: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

/** Bitcoin Cash's CashAddr prefixes. */
export const CASHADDR_PREFIX: Record<NetworkKind, string> = { main: 'bitcoincash', test: 'bchtest', regtest: 'bchreg' };

/** EIP-155 chain ids: Ethereum mainnet, and 31337 for our test network and a local anvil (its default). */
export const EVM_CHAIN_ID: Record<NetworkKind, number> = { main: 1, test: 31337, regtest: 31337 };

export type TokenAsset = 'USDT' | 'USDC';

/**
 * ERC-20 token contracts (EIP-55 form). Test and regtest: the first two contracts anvil's (and hardhat's)
 * first default account deploys (nonces 0 and 1), which is what the local-nodes harness does; a node
 * configuration may name others (EVM_USDT_CONTRACT, EVM_USDC_CONTRACT).
 */
export const TOKEN_CONTRACTS: Record<TokenAsset, Record<NetworkKind, string>> = {
  USDT: { main: '0xdAC17F958D2ee523a2206206994597C13D831ec7', test: '0x5FbDB2315678afecb367f032d93F642f64180aa3', regtest: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  USDC: { main: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', test: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', regtest: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
};

/** Decimals of one unit on the chain itself (our ledger keeps every crypto asset in 8 decimals). */
export const ON_CHAIN_DECIMALS: Record<CryptoAsset, number> = { BTC: 8, LTC: 8, BCH: 8, ETH: 18, USDT: 6, USDC: 6 };

export function isToken(asset: CryptoAsset): asset is TokenAsset {
  return asset === 'USDT' || asset === 'USDC';
}
