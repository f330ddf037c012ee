import { describe, expect, it } from 'vitest';
import { availableAssets, chainSettingsFrom, describeChains, maskNodeUrl, type ChainEnv } from './chain-config.ts';

describe('which backend serves each chain family', () => {
  it.each<[string, ChainEnv, string, string[]]>([
    ['test mode without nodes runs everything on the built-in test network', { MODE: 'test' }, 'test', ['BTC', 'LTC', 'BCH', 'ETH', 'USDT', 'USDC']],
    ['test mode with a local litecoind is regtest, and families without a node are off', { MODE: 'test', LTC_RPC_URL: 'http://u:p@127.0.0.1:19443' }, 'regtest', ['LTC']],
    ['local litecoind and anvil together', { MODE: 'test', LTC_RPC_URL: 'http://u:p@127.0.0.1:19443', EVM_RPC_URL: 'http://127.0.0.1:8545' }, 'regtest', ['LTC', 'ETH', 'USDT', 'USDC']],
    ['live mode without nodes has every chain off', { MODE: 'live' }, 'main', []],
    ['live mode with a Bitcoin node takes BTC only', { MODE: 'live', BTC_RPC_URL: 'https://u:p@btc.example.com' }, 'main', ['BTC']],
  ])('%s', (_name, env, network, assets) => {
    const settings = chainSettingsFrom(env);
    expect(settings.network).toBe(network);
    expect(availableAssets(settings)).toEqual(assets);
    expect(describeChains(settings)).toHaveLength(4);
  });

  it('the token contracts default to the network table and may be overridden', () => {
    const settings = chainSettingsFrom({ MODE: 'live', EVM_RPC_URL: 'https://eth.example.com', EVM_USDC_CONTRACT: '0x1111111111111111111111111111111111111111' });
    expect(settings.families.ethereum).toEqual({
      kind: 'evm-rpc',
      rpcUrl: 'https://eth.example.com',
      tokens: { USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7', USDC: '0x1111111111111111111111111111111111111111' },
    });
  });

  it('the banner names what is off and the variable that switches it on, and never prints a password', () => {
    const lines = describeChains(chainSettingsFrom({ MODE: 'live', LTC_RPC_URL: 'http://rpcuser:s3cret@10.0.0.5:9332/wallet/hot' }));
    expect(lines).toContain('BTC: off (no node: set BTC_RPC_URL)');
    expect(lines).toContain('LTC: on, main node http://rpcuser:***@10.0.0.5:9332/wallet/hot');
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it.each([
    ['http://u:pass@127.0.0.1:8332', 'http://u:***@127.0.0.1:8332'],
    ['https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/***'],
    ['https://eth.example.com/rpc?apikey=secret', 'https://eth.example.com/rpc?***'],
    ['not a url', '(unparsable URL)'],
  ])('masks %s as %s', (url, masked) => {
    expect(maskNodeUrl(url)).toBe(masked);
  });
});
