import { afterEach, describe, expect, it } from 'vitest';
import type { BalancesAnswer } from '#core/contract/wallets.ts';
import { createApiClient } from '#ui/api/api-client.ts';
import { refreshBalances, resetBalances, useBalancesStore } from './balances-store.ts';

const answer = (eur: string): BalancesAnswer => ({
  currency: 'EUR',
  wallets: [],
  account_values: { EUR: eur, USD: '0.00', GBP: '0.00', CAD: '0.00', AUD: '0.00', BTC: '0.00000000' },
});

/** The network, answered by hand: each request waits until the test replies to it. */
function fakeServer() {
  const pending: { url: string; reply: (status: number, body: unknown) => void }[] = [];
  const fetch = ((url: string) =>
    new Promise<Response>((resolve) => {
      pending.push({ url, reply: (status, body) => resolve(new Response(JSON.stringify(body), { status })) });
    })) as unknown as typeof globalThis.fetch;
  return { api: createApiClient({ bases: { main: '/v1', merchant: '/mapi' }, fetch }), pending };
}

const ok = (details: unknown) => ({ request_status: '1', request_details: details });
const failure = { request_status: '0', error_message: { code: 'internal_error', message: 'Something went wrong on our side.' } };

afterEach(() => resetBalances());

describe('the balances store', () => {
  it('joins a request already under way instead of sending a second one', async () => {
    const server = fakeServer();
    const first = refreshBalances(server.api, 'client-1');
    const second = refreshBalances(server.api, 'client-1');
    expect(server.pending).toHaveLength(1);
    expect(server.pending[0]?.url).toBe('/v1/users/getUserBalances');
    server.pending[0]?.reply(200, ok(answer('10.00')));
    await Promise.all([first, second]);
    expect(useBalancesStore.getState()).toMatchObject({ status: 'ready', owner: 'client-1', error: null });
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('10.00');
  });

  it('keeps the last good figures when a refresh fails, and reports the failure', async () => {
    const server = fakeServer();
    const first = refreshBalances(server.api, 'client-1');
    server.pending[0]?.reply(200, ok(answer('10.00')));
    await first;
    const second = refreshBalances(server.api, 'client-1');
    server.pending[1]?.reply(500, failure);
    await second;
    const state = useBalancesStore.getState();
    expect(state.status).toBe('ready');
    expect(state.data?.account_values.EUR).toBe('10.00');
    expect(state.error?.code).toBe('internal_error');
  });

  it('is in the error state when the very first request fails', async () => {
    const server = fakeServer();
    const first = refreshBalances(server.api, 'client-1');
    server.pending[0]?.reply(500, failure);
    await first;
    expect(useBalancesStore.getState()).toMatchObject({ status: 'error', data: null });
  });

  it('refuses an answer that is not the balances of the contract, and keeps no figures from it', async () => {
    const server = fakeServer();
    const first = refreshBalances(server.api, 'client-1');
    server.pending[0]?.reply(200, ok({ currency: 'EUR', wallets: [], account_values: { EUR: 12.5 } }));
    await first;
    expect(useBalancesStore.getState()).toMatchObject({ status: 'error', data: null });
    expect(useBalancesStore.getState().error?.code).toBe('bad_response');
  });

  it("never shows one member's balances to the next member on the same tab", async () => {
    const server = fakeServer();
    const first = refreshBalances(server.api, 'client-1');
    server.pending[0]?.reply(200, ok(answer('10.00')));
    await first;
    const late = refreshBalances(server.api, 'client-2');
    expect(useBalancesStore.getState()).toMatchObject({ owner: 'client-2', data: null, status: 'loading' });
    resetBalances(); // client-2 signs out before the answer lands
    server.pending[1]?.reply(200, ok(answer('99.00')));
    await late;
    expect(useBalancesStore.getState().data).toBeNull();
  });

  it('after money moved, sends a new request instead of joining one sent before the move', async () => {
    const server = fakeServer();
    const poll = refreshBalances(server.api, 'client-1');
    const afterDeposit = refreshBalances(server.api, 'client-1', { fresh: true });
    expect(server.pending).toHaveLength(2);
    server.pending[1]?.reply(200, ok(answer('487.50')));
    await afterDeposit;
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('487.50');
    // The poll sent before the deposit answers last, with the old figure: it must not win.
    server.pending[0]?.reply(200, ok(answer('0.00')));
    await poll;
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('487.50');
  });

  it('keeps the older answer when it lands first, then takes the newer one', async () => {
    const server = fakeServer();
    const poll = refreshBalances(server.api, 'client-1');
    const afterDeposit = refreshBalances(server.api, 'client-1', { fresh: true });
    server.pending[0]?.reply(200, ok(answer('0.00')));
    await poll;
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('0.00');
    server.pending[1]?.reply(200, ok(answer('487.50')));
    await afterDeposit;
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('487.50');
  });

  it('a poll after a fresh request joins the fresh one', async () => {
    const server = fakeServer();
    const afterDeposit = refreshBalances(server.api, 'client-1', { fresh: true });
    const poll = refreshBalances(server.api, 'client-1');
    expect(server.pending).toHaveLength(1);
    server.pending[0]?.reply(200, ok(answer('487.50')));
    await Promise.all([afterDeposit, poll]);
    expect(useBalancesStore.getState().data?.account_values.EUR).toBe('487.50');
  });
});
