import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import type { MoneyTransactionsTable } from '../db/tables/money.ts';
import type { Insertable } from 'kysely';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('the transaction history on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function userOf(email: string) {
    return db().selectFrom('users').select(['id', 'provider_id']).where('email', '=', email).executeTakeFirstOrThrow();
  }

  type Row = Partial<Insertable<MoneyTransactionsTable>> & { minutesAgo?: number };

  async function insert(email: string, rows: Row[]): Promise<string[]> {
    const user = await userOf(email);
    const ids: string[] = [];
    for (const { minutesAgo, ...row } of rows) {
      const inserted = await db()
        .insertInto('money_transactions')
        .values({
          provider_id: user.provider_id,
          user_id: user.id,
          type: 'deposit',
          status: 'completed',
          payment_status: 'successful',
          method: 'card',
          currency_iso: 'EUR',
          amount_minor: 10_000n,
          fee_currency: 'EUR',
          ...row,
        })
        .returning('public_id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.public_id);
      // created_at is the database's to set; a test that needs an order ages the row instead.
      if (minutesAgo !== undefined) {
        await sql`update money_transactions set created_at = now() - make_interval(mins => ${minutesAgo}) where public_id = ${inserted.public_id}`.execute(db());
      }
    }
    return ids;
  }

  async function fresh() {
    await db().deleteFrom('money_transactions').execute();
    return signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
  }

  it('lists newest first with decimal amounts, and pages with a total', async () => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [
      { amount_minor: 100n, minutesAgo: 3 },
      { amount_minor: 200n, minutesAgo: 2 },
      { amount_minor: 300n, minutesAgo: 1 },
    ]);
    const first = await call(t.app, 'GET', '/v1/transactions/getTransactions?per_page=2', undefined, { credential: member.credential });
    expect(first.status).toBe(200);
    expect(first.body.request_details.total).toBe(3);
    expect(first.body.request_details.transactions.map((tx: { amount: string }) => tx.amount)).toEqual(['3.00', '2.00']);
    const second = await call(t.app, 'GET', '/v1/transactions/getTransactions?per_page=2&page=2', undefined, { credential: member.credential });
    expect(second.body.request_details.transactions.map((tx: { amount: string }) => tx.amount)).toEqual(['1.00']);
  });

  it('a conversion is one record carrying both currencies, found by either currency', async () => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [
      { type: 'conversion', operation: 'buy', method: 'internal', payment_status: null, currency_iso: 'EUR', amount_minor: 5_000n, currency_2_iso: 'BTC', amount_2_minor: 80_000n, rate: '0.000016' },
      { type: 'deposit', currency_iso: 'ETH', amount_minor: 1n, fee_currency: 'ETH', method: 'crypto' },
    ]);
    const btc = await call(t.app, 'GET', '/v1/transactions/getTransactions?currency=BTC', undefined, { credential: member.credential });
    expect(btc.body.request_details.transactions).toHaveLength(1);
    expect(btc.body.request_details.transactions[0]).toMatchObject({ type: 'conversion', operation: 'buy', currency_iso: 'EUR', amount: '50.00', currency_2_iso: 'BTC', amount_2: '0.00080000' });
    const activity = await call(t.app, 'GET', '/v1/transactions/getWalletActivity?currency=EUR', undefined, { credential: member.credential });
    expect(activity.body.request_details.total).toBe(1);
  });

  it.each([
    ['type', 'type=withdrawal', 1],
    ['status', 'status=pending', 1],
    ['date range that includes today', `from=2020-01-01&to=${new Date().toISOString().slice(0, 10)}`, 3],
    ['date range in the past', 'from=2020-01-01&to=2020-12-31', 0],
  ])('filters by %s', async (_label, filter, expected) => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [
      { type: 'withdrawal', status: 'pending', payment_status: null, method: 'crypto', currency_iso: 'BTC', fee_currency: 'BTC' },
      { type: 'deposit' },
      { type: 'deposit', status: 'failed', payment_status: 'failed' },
    ]);
    const answer = await call(t.app, 'GET', `/v1/transactions/getTransactions?${filter}`, undefined, { credential: member.credential });
    expect(answer.status).toBe(200);
    expect(answer.body.request_details.total).toBe(expected);
  });

  it.each([
    ['an unknown type', 'type=gift'],
    ['a page of zero', 'page=0'],
    ['too many per page', 'per_page=1000'],
    ['a malformed date', 'from=yesterday'],
  ])('refuses %s with 400 and the field', async (_label, filter) => {
    const member = await fresh();
    const answer = await call(t.app, 'GET', `/v1/transactions/getTransactions?${filter}`, undefined, { credential: member.credential });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('validation_failed');
  });

  // Query values are text: Number('0x10') is 16 and Number('1e2') is 100, so paging takes plain digits only.
  it.each([
    ['getTransactions', '', 'page=0x10', 'page'],
    ['getTransactions', '', 'per_page=1e2', 'per_page'],
    ['getTransactions', '', 'page=-1', 'page'],
    ['getTransactions', '', 'per_page=2.5', 'per_page'],
    ['getTransactions', '', 'page=%201', 'page'],
    ['getWalletActivity', 'currency=EUR&', 'page=0x10', 'page'],
    ['getWalletActivity', 'currency=EUR&', 'per_page=1e2', 'per_page'],
    ['getWalletActivity', 'currency=EUR&', 'page=+2', 'page'],
    ['getWalletActivity', 'currency=EUR&', 'per_page=101', 'per_page'],
  ])('%s refuses %s%s with 400 on the %s field', async (path, rest, paging, field) => {
    const member = await fresh();
    const answer = await call(t.app, 'GET', `/v1/transactions/${path}?${rest}${paging}`, undefined, { credential: member.credential });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error_message.fields)).toEqual([field]);
  });

  it.each([
    ['getTransactions', 'page=2&per_page=1', { page: 2, per_page: 1 }],
    ['getWalletActivity', 'currency=EUR&page=1&per_page=100', { page: 1, per_page: 100 }],
  ])('%s pages with plain digits (%s)', async (path, search, expected) => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [{ minutesAgo: 2 }, { minutesAgo: 1 }]);
    const answer = await call(t.app, 'GET', `/v1/transactions/${path}?${search}`, undefined, { credential: member.credential });
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toMatchObject({ ...expected, total: 2 });
  });

  it('status and details answer for the member\'s own transaction', async () => {
    const member = await fresh();
    const [id] = await insert(DEMO_MEMBER.email, [{ status: 'initial', payment_status: 'authorized' }]);
    const status = await call(t.app, 'POST', '/v1/transactions/getTransactionStatus', { transaction_id: id }, { credential: member.credential });
    expect(status.body.request_details).toEqual({ transaction_id: id, status: 'initial', payment_status: 'authorized' });
    const details = await call(t.app, 'POST', '/v1/transactions/getTransacionaDetails', { transaction_id: id }, { credential: member.credential });
    expect(details.body.request_details.transaction).toMatchObject({ id, status: 'initial', payment_status: 'authorized', amount: '100.00' });
  });

  it('another member\'s transaction is not found, and never listed', async () => {
    const member = await fresh();
    const [theirs] = await insert(DEMO_MERCHANT.email, [{}]);
    const details = await call(t.app, 'POST', '/v1/transactions/getTransacionaDetails', { transaction_id: theirs }, { credential: member.credential });
    expect(details.status).toBe(404);
    expect(details.body.error_message.code).toBe('transaction_not_found');
    const list = await call(t.app, 'GET', '/v1/transactions/getTransactions', undefined, { credential: member.credential });
    expect(list.body.request_details.total).toBe(0);
  });

  it('favourites are the crypto coins moved most often, most used first', async () => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [
      { type: 'conversion', operation: 'buy', method: 'internal', payment_status: null, currency_2_iso: 'ETH', amount_2_minor: 1n },
      { type: 'conversion', operation: 'buy', method: 'internal', payment_status: null, currency_2_iso: 'ETH', amount_2_minor: 1n },
      { type: 'deposit', method: 'crypto', currency_iso: 'BTC', fee_currency: 'BTC' },
      { type: 'deposit', method: 'crypto', currency_iso: 'LTC', fee_currency: 'LTC', status: 'failed', payment_status: null },
    ]);
    const answer = await call(t.app, 'GET', '/v1/transactions/getFavorites', undefined, { credential: member.credential });
    expect(answer.body.request_details).toEqual({ favorites: ['ETH', 'BTC'] });
  });

  it('the statement is a CSV download of the range, with a conversion as two signed lines: what left the wallet (fee included) and what arrived', async () => {
    const member = await fresh();
    await insert(DEMO_MEMBER.email, [
      { type: 'conversion', operation: 'buy', method: 'internal', payment_status: null, amount_minor: 5_000n, fee_minor: 75n, currency_2_iso: 'BTC', amount_2_minor: 80_000n },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const raw = await t.app.inject({ method: 'GET', url: `/v1/transactions/statement?from=${today}&to=${today}`, headers: { host: 'localhost', authorization: `Bearer ${member.credential}` } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/csv/);
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="statement-${today}-to-${today}.csv"`);
    const lines = raw.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,transaction_id,type,operation,side,status,currency,amount,fee,fee_currency,reference');
    expect(lines.slice(1).map((line) => line.split(',').slice(4, 9))).toEqual([
      ['debit', 'approved', 'EUR', '-50.75', '0.75'],
      ['credit', 'approved', 'BTC', '0.00080000', '0'],
    ]);
  });

  it.each([
    ['an end before the start', 'from=2026-02-01&to=2026-01-01'],
    ['more than a year', 'from=2024-01-01&to=2026-01-01'],
  ])('the statement refuses %s', async (_label, range) => {
    const member = await fresh();
    const raw = await t.app.inject({ method: 'GET', url: `/v1/transactions/statement?${range}`, headers: { host: 'localhost', authorization: `Bearer ${member.credential}` } });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error_message.fields.to).toHaveLength(1);
  });

  it('the statement is refused where the provider turned statements off', async () => {
    const member = await fresh();
    const provider = await userOf(DEMO_MEMBER.email);
    await db()
      .updateTable('providers')
      .set({ settings: sql`jsonb_set(settings, '{permissions,enable_statements}', 'false')` as never })
      .where('id', '=', provider.provider_id)
      .execute();
    try {
      const raw = await t.app.inject({ method: 'GET', url: '/v1/transactions/statement?from=2026-01-01&to=2026-01-31', headers: { host: 'localhost', authorization: `Bearer ${member.credential}` } });
      expect(raw.statusCode).toBe(403);
      expect(raw.json().error_message.code).toBe('operation_disabled');
    } finally {
      await db()
        .updateTable('providers')
        .set({ settings: sql`jsonb_set(settings, '{permissions,enable_statements}', 'true')` as never })
        .where('id', '=', provider.provider_id)
        .execute();
    }
  });

  it('every endpoint needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/v1/transactions/getTransactions'],
      ['GET', '/v1/transactions/getFavorites'],
      ['POST', '/v1/transactions/getTransactionStatus'],
    ] as const) {
      const answer = await call(t.app, method, url, method === 'POST' ? { transaction_id: 'txn_x' } : undefined);
      expect(answer.status, url).toBe(401);
    }
  });
});
