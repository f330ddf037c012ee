import { describe, expect, it } from 'vitest';
import type { ChainWatcherStatus } from '../chain/chain-watcher.ts';
import { chainStatusAnswer, hotWalletAnswer } from './chain-status-answer.ts';

describe('a watcher status as the API answers it', () => {
  it('answers every field in snake_case and masks a node URL a watcher left open', () => {
    const status: ChainWatcherStatus = {
      family: 'litecoin',
      assets: ['LTC'],
      backend: 'bitcoin-rpc',
      network: 'regtest',
      node: 'http://u:hunter2@127.0.0.1:19443',
      reachable: false,
      nodeHeight: 120,
      height: 111,
      lagBlocks: 9,
      lastRoundAt: '2026-11-24T12:00:00.000Z',
      lastError: { message: 'connect ECONNREFUSED', at: '2026-11-24T12:00:01.000Z' },
      retryInMs: 4000,
    };
    const answer = chainStatusAnswer(status);
    expect(answer).toEqual({
      family: 'litecoin',
      assets: ['LTC'],
      backend: 'bitcoin-rpc',
      network: 'regtest',
      node: 'http://u:***@127.0.0.1:19443',
      reachable: false,
      node_height: 120,
      height: 111,
      lag_blocks: 9,
      last_round_at: '2026-11-24T12:00:00.000Z',
      last_error: { message: 'connect ECONNREFUSED', at: '2026-11-24T12:00:01.000Z' },
      retry_in_ms: 4000,
    });
    expect(JSON.stringify(answer)).not.toContain('hunter2');
  });

  it('writes a hot wallet in the asset\'s 8 decimals', () => {
    expect(hotWalletAnswer({ asset: 'ETH', balanceMinor: 150_000_000n, pendingMinor: 1n, address: null, error: null })).toEqual({ asset: 'ETH', balance: '1.50000000', pending: '0.00000001', address: null, error: null });
  });

  it('answers a hot wallet whose node cannot be read with no balance and the reason, never a 0', () => {
    expect(hotWalletAnswer({ asset: 'LTC', balanceMinor: null, pendingMinor: 5n, address: null, error: 'no answer from http://u:***@127.0.0.1:1' })).toEqual({ asset: 'LTC', balance: null, pending: '0.00000005', address: null, error: 'no answer from http://u:***@127.0.0.1:1' });
  });
});
