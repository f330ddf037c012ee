import { describe, expect, it } from 'vitest';
import { call, signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { walletAddressRecord } from '../chain/addresses.ts';

const SOMEONE_ELSES = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

describe.each(testDatabases())('the test network API on $name', ({ name }) => {
  const t = useTestApp(name);

  it('pay answers a txid; mine adds blocks; the deposit shows its confirmations and completes', async () => {
    const member = await t.app.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', t.seed!.member.email).orderBy('id').executeTakeFirstOrThrow();
    const { address } = await walletAddressRecord(t.app.db, { providerId: member.provider_id, userId: member.id, asset: 'ETH' });
    const paid = await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'ETH', address: address.toLowerCase(), amount: '0.25' });
    expect(paid.status).toBe(200);
    const txid = paid.body.request_details.txid as string;
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    const deposit = () => t.app.db.selectFrom('money_transactions').select(['status', 'confirmations', 'amount_minor']).where('reference', '=', txid).executeTakeFirstOrThrow();
    expect(await deposit()).toEqual({ status: 'pending', confirmations: 0, amount_minor: 25_000_000n });

    const before = BigInt((await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 })).body.request_details.height);
    const mined = await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 5 });
    expect(mined.status).toBe(200);
    expect(BigInt(mined.body.request_details.height)).toBe(before + 5n);
    expect(await deposit()).toEqual({ status: 'completed', confirmations: 6, amount_minor: 25_000_000n });
  });

  it('pay to a valid address that is not ours is accepted, like a real chain would', async () => {
    const paid = await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.001' });
    expect(paid.status).toBe(200);
    expect(paid.body.request_details.txid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('status answers the tip, the mempool size and the block interval', async () => {
    await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.002' });
    const status = await t.app.inject({ method: 'GET', url: '/v1/test-network/status', headers: { host: 'localhost' } });
    expect(status.statusCode).toBe(200);
    const details = status.json().request_details;
    expect(details.mempool).toBeGreaterThanOrEqual(1);
    expect(details.block_ms).toBe(0);
    await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 });
    const after = (await t.app.inject({ method: 'GET', url: '/v1/test-network/status', headers: { host: 'localhost' } })).json().request_details;
    expect(after).toEqual({ height: (BigInt(details.height) + 1n).toString(), mempool: 0, block_ms: 0 });
  });

  it('mine without a body mines one block', async () => {
    const a = BigInt((await call(t.app, 'POST', '/v1/test-network/mine', {})).body.request_details.height);
    const response = await t.app.inject({ method: 'POST', url: '/v1/test-network/mine', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(BigInt(response.json().request_details.height)).toBe(a + 1n);
  });

  it.each([
    { case: 'a mainnet address', body: { asset: 'BTC', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '0.1' }, status: 400, code: 'address_invalid' },
    { case: 'an address with a typo', body: { asset: 'BTC', address: `${SOMEONE_ELSES.slice(0, -1)}y`, amount: '0.1' }, status: 400, code: 'address_invalid' },
    { case: 'a Bitcoin address for Litecoin', body: { asset: 'LTC', address: SOMEONE_ELSES, amount: '0.1' }, status: 400, code: 'address_invalid' },
    { case: 'a fiat currency', body: { asset: 'EUR', address: SOMEONE_ELSES, amount: '0.1' }, status: 400, code: 'validation_failed' },
    { case: 'an amount as a number', body: { asset: 'BTC', address: SOMEONE_ELSES, amount: 0.1 }, status: 400, code: 'validation_failed' },
    { case: 'a zero amount', body: { asset: 'BTC', address: SOMEONE_ELSES, amount: '0' }, status: 400, code: 'validation_failed' },
    { case: 'too many decimals', body: { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.000000001' }, status: 400, code: 'validation_failed' },
    { case: 'a huge amount', body: { asset: 'BTC', address: SOMEONE_ELSES, amount: '1000000000' }, status: 400, code: 'amount_above_maximum' },
  ])('pay refuses $case', async ({ body, status, code }) => {
    const response = await call(t.app, 'POST', '/v1/test-network/pay', body);
    expect(response.status).toBe(status);
    expect(response.body.error_message.code).toBe(code);
  });

  it.each([{ blocks: 0 }, { blocks: 101 }, { blocks: 1.5 }, { blocks: '2' }])('mine refuses %j', async (body) => {
    const response = await call(t.app, 'POST', '/v1/test-network/mine', body);
    expect(response.status).toBe(400);
    expect(response.body.error_message.code).toBe('validation_failed');
  });

  it('a member deposit whose transaction is dropped fails, nothing credited, and the member is told why', async () => {
    const member = await t.app.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', t.seed!.member.email).orderBy('id').executeTakeFirstOrThrow();
    const { address } = await walletAddressRecord(t.app.db, { providerId: member.provider_id, userId: member.id, asset: 'LTC' });
    const txid = (await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'LTC', address, amount: '0.5' })).body.request_details.txid as string;
    const deposit = await t.app.db.selectFrom('money_transactions').select('public_id').where('reference', '=', txid).executeTakeFirstOrThrow();
    const dropped = await call(t.app, 'POST', '/v1/test-network/drop', { txid });
    expect(dropped.body.request_details).toEqual({ txid, withdrawn: 1 });

    const session = await signIn(t.app, t.seed!.member.email, t.seed!.member.password);
    const details = await call(t.app, 'POST', '/v1/transactions/getTransacionaDetails', { transaction_id: deposit.public_id }, { credential: session.credential });
    expect(details.body.request_details.transaction).toMatchObject({ id: deposit.public_id, type: 'deposit', status: 'failed', dropped: 'dropped', amount: '0.50000000' });
    const listed = await call(t.app, 'GET', '/v1/transactions/getTransactions?type=deposit&currency=LTC', undefined, { credential: session.credential });
    expect(listed.body.request_details.transactions.find((row: { id: string }) => row.id === deposit.public_id)).toMatchObject({ status: 'failed', dropped: 'dropped' });
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('reorg undoes the last blocks: the tip goes down, their transactions are back in the mempool, and mining puts them in a block again', async () => {
    const start = BigInt((await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 3 })).body.request_details.height);
    await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.003' });
    await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 2 });
    const undone = await call(t.app, 'POST', '/v1/test-network/reorg', { depth: 2 });
    expect(undone.status).toBe(200);
    expect(undone.body.request_details).toEqual({ height: start.toString(), depth: 2, moved: 1 });
    const status = (await t.app.inject({ method: 'GET', url: '/v1/test-network/status', headers: { host: 'localhost' } })).json().request_details;
    expect(status).toMatchObject({ height: start.toString(), mempool: 1 });
    // Without a body one block is undone.
    expect((await call(t.app, 'POST', '/v1/test-network/reorg', {})).body.request_details).toEqual({ height: (start - 1n).toString(), depth: 1, moved: 0 });
    await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/test-network/status', headers: { host: 'localhost' } })).json().request_details).toMatchObject({ height: start.toString(), mempool: 0 });
  });

  it('drop takes a faucet payment out of the mempool; a mined one, an unknown one and one dropped already are refused', async () => {
    const txid = (await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.004' })).body.request_details.txid as string;
    const dropped = await call(t.app, 'POST', '/v1/test-network/drop', { txid });
    expect(dropped.status).toBe(200);
    // Nobody's address here, so no payment of ours was withdrawn.
    expect(dropped.body.request_details).toEqual({ txid, withdrawn: 0 });
    expect(await t.app.db.selectFrom('test_network_txs').select('id').where('txid', '=', txid).execute()).toEqual([]);
    const again = await call(t.app, 'POST', '/v1/test-network/drop', { txid });
    expect([again.status, again.body.error_message.code]).toEqual([404, 'test_transaction_not_found']);

    const mined = (await call(t.app, 'POST', '/v1/test-network/pay', { asset: 'BTC', address: SOMEONE_ELSES, amount: '0.005' })).body.request_details.txid as string;
    await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 });
    const refused = await call(t.app, 'POST', '/v1/test-network/drop', { txid: mined });
    expect([refused.status, refused.body.error_message.code]).toEqual([409, 'test_transaction_mined']);
    // Undo its block and it can go.
    await call(t.app, 'POST', '/v1/test-network/reorg', { depth: 1 });
    expect((await call(t.app, 'POST', '/v1/test-network/drop', { txid: mined })).status).toBe(200);
  });

  it('reorg refuses to undo more blocks than the chain has', async () => {
    const height = BigInt((await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 })).body.request_details.height);
    // A fresh database's chain is short (this file mines well under 100 blocks before this test).
    expect(height).toBeLessThan(100n);
    const response = await call(t.app, 'POST', '/v1/test-network/reorg', { depth: Number(height) + 1 });
    expect([response.status, response.body.error_message.code]).toEqual([409, 'test_reorg_too_deep']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/test-network/status', headers: { host: 'localhost' } })).json().request_details.height).toBe(height.toString());
  });

  it.each([
    { url: '/v1/test-network/drop', body: {} },
    { url: '/v1/test-network/drop', body: { txid: 'abc' } },
    { url: '/v1/test-network/drop', body: { txid: 'z'.repeat(64) } },
    { url: '/v1/test-network/reorg', body: { depth: 0 } },
    { url: '/v1/test-network/reorg', body: { depth: 101 } },
    { url: '/v1/test-network/reorg', body: { depth: '2' } },
  ])('$url refuses $body', async ({ url, body }) => {
    const response = await call(t.app, 'POST', url, body);
    expect(response.status).toBe(400);
    expect(response.body.error_message.code).toBe('validation_failed');
  });

  it('is rate-limited per address', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(t.app, 'POST', '/v1/test-network/mine', { blocks: 1 }, { ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('the test network in live mode', () => {
  it.each(['/v1/test-network/pay', '/v1/test-network/mine', '/v1/test-network/drop', '/v1/test-network/reorg'])('%s does not exist (404)', async (url) => {
    const live = await buildTestApp('pglite', { seed: false, env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const response = await live.app.inject({ method: 'POST', url, headers: { host: 'localhost', 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(404);
      expect(live.app.chain.testNetwork).toBeNull();
    } finally {
      await live.close();
    }
  });
});
