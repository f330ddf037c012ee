// Which chain backend serves each chain family, from the environment. One process runs one network:
//   MODE=test, no node URL      'test'     every family on the built-in test network (a labelled double)
//   MODE=test, node URLs        'regtest'  local nodes (litecoind -regtest, anvil): each family with a URL
//                                          is watched on its node; the others are OFF (not offered)
//   MODE=live                   'main'     each family with a URL is on; without one it is OFF
// Off is a clear state, not an error: an asset whose chain is off is neither offered nor accepted, and
// the start banner names it with the variable that would switch it on.

import type { CryptoAsset } from '#core/assets.ts';
import { ASSETS_OF_FAMILY, CHAIN_FAMILIES, TOKEN_CONTRACTS, type ChainFamily, type NetworkKind, type TokenAsset } from '#core/chain/networks.ts';

export const NODE_URL_ENV: Record<ChainFamily, string> = { bitcoin: 'BTC_RPC_URL', litecoin: 'LTC_RPC_URL', bitcoincash: 'BCH_RPC_URL', ethereum: 'EVM_RPC_URL' };

export type FamilyBackend =
  | { kind: 'test-network' }
  | { kind: 'bitcoin-rpc'; rpcUrl: string }
  | { kind: 'evm-rpc'; rpcUrl: string; tokens: Record<TokenAsset, string> }
  | { kind: 'off'; why: string };

export interface ChainSettings {
  network: NetworkKind;
  families: Record<ChainFamily, FamilyBackend>;
  /** How often a node watcher looks at its node's mempool and tip. */
  pollMs: number;
}

export interface ChainEnv {
  MODE: 'test' | 'live';
  BTC_RPC_URL?: string | undefined;
  LTC_RPC_URL?: string | undefined;
  BCH_RPC_URL?: string | undefined;
  EVM_RPC_URL?: string | undefined;
  EVM_USDT_CONTRACT?: string | undefined;
  EVM_USDC_CONTRACT?: string | undefined;
  CHAIN_POLL_MS?: number | undefined;
}

export function chainSettingsFrom(env: ChainEnv): ChainSettings {
  const urls = CHAIN_FAMILIES.map((family) => env[NODE_URL_ENV[family] as keyof ChainEnv] as string | undefined);
  const anyNode = urls.some((url) => url !== undefined);
  const network: NetworkKind = env.MODE === 'live' ? 'main' : anyNode ? 'regtest' : 'test';
  const families = {} as Record<ChainFamily, FamilyBackend>;
  for (const family of CHAIN_FAMILIES) {
    const rpcUrl = env[NODE_URL_ENV[family] as keyof ChainEnv] as string | undefined;
    if (network === 'test') families[family] = { kind: 'test-network' };
    else if (!rpcUrl) families[family] = { kind: 'off', why: `no node: set ${NODE_URL_ENV[family]}` };
    else if (family === 'ethereum') {
      families[family] = {
        kind: 'evm-rpc',
        rpcUrl,
        tokens: { USDT: env.EVM_USDT_CONTRACT ?? TOKEN_CONTRACTS.USDT[network], USDC: env.EVM_USDC_CONTRACT ?? TOKEN_CONTRACTS.USDC[network] },
      };
    } else families[family] = { kind: 'bitcoin-rpc', rpcUrl };
  }
  return { network, families, pollMs: env.CHAIN_POLL_MS ?? 250 };
}

/** The crypto assets this process can receive and send: those whose chain is not off. */
export function availableAssets(settings: ChainSettings): CryptoAsset[] {
  return CHAIN_FAMILIES.filter((family) => settings.families[family].kind !== 'off').flatMap((family) => [...ASSETS_OF_FAMILY[family]]);
}

/** A node URL as it may be shown: the password (and any key-looking path or query) masked. */
export function maskNodeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    if (parsed.search) parsed.search = '?***';
    // Hosted EVM endpoints put the API key in the path (/v3/<key>, /v2/<key>).
    parsed.pathname = parsed.pathname.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/***');
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparsable URL)';
  }
}

/** One line per family for the start banner: what serves it, or why it is off. */
export function describeChains(settings: ChainSettings): string[] {
  return CHAIN_FAMILIES.map((family) => {
    const backend = settings.families[family];
    const assets = ASSETS_OF_FAMILY[family].join(', ');
    switch (backend.kind) {
      case 'test-network':
        return `${assets}: on, built-in test network (test coins, no real value)`;
      case 'bitcoin-rpc':
      case 'evm-rpc':
        return `${assets}: on, ${settings.network} node ${maskNodeUrl(backend.rpcUrl)}`;
      case 'off':
        return `${assets}: off (${backend.why})`;
    }
  });
}
