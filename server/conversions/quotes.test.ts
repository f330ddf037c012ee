import { describe, expect, it } from 'vitest';
import { convert } from '#core/money.ts';
import { call } from '../identity/session-test-kit.ts';
import { takeQuote } from './quotes.ts';
import { fund, newMember, providerIdOf, type TestMember } from '../rates/rates-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const buy = (amount: string, extra: Record<string, unknown> = {}) => ({ operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount, ...extra });

describe.each(testDatabases())('POST /v1/transactions/quote on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;

  async function funded(wlId: '1' | '2' = '1'): Promise<TestMember> {
    const member = await newMember(t.app, db(), wlId);
    await fund(db(), member, 'EUR', '1000.00');
    await fund(db(), member, 'BTC', '0.5');
    return member;
  }

  const quote = (member: TestMember, body: unknown) => call(t.app, 'POST', '/v1/transactions/quote', body, { credential: member.credential, host: member.host });

  it('a buy: fee is 1.50 % of the amount, the rest converted at the member rate and rounded down', async () => {
    const member = await funded();
    const before = Date.now();
    const { status, body, response } = await quote(member, buy('100.00'));
    expect(status).toBe(200);
    const answer = body.request_details;
    expect(answer).toMatchObject({ operation: 'buy', from_currency: 'EUR', from_amount: '100.00', fee: '1.50', fee_currency: 'EUR', to_currency: 'BTC', expires_in_s: 30 });
    expect(answer.quote_id).toMatch(/^qt_[A-Za-z0-9_-]{22}$/);
    expect(answer.to_amount).toBe(`0.${String(convert(9850n, 'EUR', answer.rate, 'BTC', 'down')).padStart(8, '0')}`);
    expect(Date.parse(answer.expires_at) - before).toBeGreaterThanOrEqual(29_000);
    expect(Date.parse(answer.expires_at) - before).toBeLessThanOrEqual(31_000);
    expect(response.headers['cache-control']).toBe('no-store');
    const row = await db().selectFrom('quotes').selectAll().where('public_id', '=', answer.quote_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: member.userId, from_amount_minor: 10_000n, fee_minor: 150n, to_asset: 'BTC', used_at: null, source: 'test' });
  });

  it('the member rate is below the market mid rate (house favour)', async () => {
    const member = await funded();
    const { body } = await quote(member, buy('100.00'));
    const mid = await t.app.rates.mid(member.providerId, 'EUR', 'BTC');
    if (!mid.ok) throw new Error('the test feed never fails');
    expect(Number(body.request_details.rate)).toBeLessThan(Number(mid.rate));
  });

  it('a sell charges the fee in the coin sold', async () => {
    const member = await funded();
    const { status, body } = await quote(member, { operation: 'sell', from_currency: 'BTC', to_currency: 'EUR', amount: '0.01' });
    expect(status).toBe(200);
    // 1.5 % of 0.01 BTC = 0.00015 BTC
    expect(body.request_details).toMatchObject({ from_amount: '0.01000000', fee: '0.00015000', fee_currency: 'BTC', to_currency: 'EUR' });
    expect(Number(body.request_details.to_amount)).toBeGreaterThan(400);
  });

  it('a coupon lowers the fee: WELCOME10 waives 10 % of it', async () => {
    const member = await funded();
    const { status, body } = await quote(member, buy('100.00', { coupon_code: 'welcome10' }));
    expect(status).toBe(200);
    expect(body.request_details.fee).toBe('1.35');
    const row = await db().selectFrom('quotes').select(['coupon_code', 'fee_minor']).where('public_id', '=', body.request_details.quote_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ coupon_code: 'WELCOME10', fee_minor: 135n });
  });

  it('fees and limits are per provider: the same buy on wl2 pays 2 %', async () => {
    const member = await funded('2');
    const { status, body } = await quote(member, buy('100.00'));
    expect(status).toBe(200);
    expect(body.request_details.fee).toBe('2.00');
  });

  it.each(([
    ['CHF is not an account currency', '1', buy('100.00', { from_currency: 'CHF' }), 400, 'currency_not_supported'],
    ['buy spending a coin', '1', buy('0.01', { from_currency: 'BTC', to_currency: 'ETH' }), 400, 'pair_not_supported'],
    ['sell into a coin', '1', { operation: 'sell', from_currency: 'EUR', to_currency: 'BTC', amount: '10.00' }, 400, 'pair_not_supported'],
    ['exchange into the same currency', '1', { operation: 'exchange', from_currency: 'EUR', to_currency: 'EUR', amount: '10.00' }, 400, 'pair_not_supported'],
    ['trade where enable_trade is off (wl2)', '2', { operation: 'trade', from_currency: 'BTC', to_currency: 'ETH', amount: '0.01' }, 403, 'operation_disabled'],
    ['an amount that is not a number', '1', buy('ten'), 400, 'validation_failed'],
    ['more decimals than the currency has', '1', buy('10.001'), 400, 'validation_failed'],
    ['a zero amount', '1', buy('0'), 400, 'validation_failed'],
    ['an amount sent as a JSON number', '1', buy(100 as unknown as string), 400, 'validation_failed'],
    ['an unknown operation', '1', buy('10.00', { operation: 'gift' }), 400, 'validation_failed'],
    ['below the minimum (wl1: 10.00 EUR)', '1', buy('9.99'), 400, 'amount_below_minimum'],
    ['above the maximum (wl1: 20000.00 EUR)', '1', buy('20000.01'), 400, 'amount_above_maximum'],
    ['below the minimum of wl2 (20.00 EUR), though fine on wl1', '2', buy('15.00'), 400, 'amount_below_minimum'],
    ['more than the available balance', '1', buy('1000.01'), 409, 'insufficient_funds'],
    ['an unknown coupon', '1', buy('100.00', { coupon_code: 'NOPE' }), 404, 'coupon_invalid'],
  ] as const).map(([name, wlId, body, status, code]) => [name, status, code, wlId, body] as const))('%s answers %i %s', async (_name, status, code, wlId, body) => {
    const member = await funded(wlId);
    const answer = await quote(member, body);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
    expect(await db().selectFrom('quotes').select('id').where('user_id', '=', member.userId).execute()).toEqual([]);
  });

  it('the limit and balance messages name the figure to stay within', async () => {
    const member = await funded();
    const low = await quote(member, buy('9.99'));
    expect(low.body.error_message).toMatchObject({ message: 'The minimum is 10.00 EUR. Enter a larger amount.', fields: { amount: ['The minimum is 10.00 EUR. Enter a larger amount.'] } });
    const poor = await newMember(t.app, db());
    await fund(db(), poor, 'EUR', '12.34');
    const broke = await quote(poor, buy('50.00'));
    expect(broke.body.error_message.message).toBe('Your available balance is 12.34 EUR. Enter at most that amount, or add funds first.');
  });

  it('a member with no wallet in the currency has a balance of zero', async () => {
    const member = await newMember(t.app, db());
    const answer = await quote(member, { operation: 'sell', from_currency: 'ETH', to_currency: 'EUR', amount: '0.01' });
    expect(answer.status).toBe(409);
    expect(answer.body.error_message.message).toContain('0.00000000 ETH');
  });

  it('needs a session', async () => {
    const answer = await call(t.app, 'POST', '/v1/transactions/quote', buy('100.00'));
    expect(answer.status).toBe(401);
  });

  describe('takeQuote (for the conversion)', () => {
    async function made(extra: Record<string, unknown> = {}): Promise<{ member: TestMember; quoteId: string }> {
      const member = await funded();
      const { body } = await quote(member, buy('100.00', extra));
      return { member, quoteId: body.request_details.quote_id };
    }
    const take = (member: TestMember, quoteId: string, now?: Date) =>
      db().transaction().execute((trx) => takeQuote(trx, { quoteId, userId: member.userId, providerId: member.providerId, ...(now ? { now } : {}) }));

    it('returns the quoted minor amounts once; a second take finds nothing', async () => {
      const { member, quoteId } = await made();
      const first = await take(member, quoteId);
      expect(first).toMatchObject({ ok: true, quote: { quoteId, operation: 'buy', from: 'EUR', to: 'BTC', fromAmountMinor: 10_000n, feeMinor: 150n, netAmountMinor: 9_850n, couponCode: null } });
      if (first.ok) expect(first.quote.toAmountMinor).toBe(convert(9_850n, 'EUR', first.quote.rate, 'BTC', 'down'));
      expect(await take(member, quoteId)).toEqual({ ok: false, code: 'quote_not_found' });
    });

    it('two concurrent takes of one quote: exactly one gets it', async () => {
      const { member, quoteId } = await made();
      const results = await Promise.all([take(member, quoteId), take(member, quoteId), take(member, quoteId)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
    });

    it('after its TTL the quote is expired (injected clock), and stays unused', async () => {
      const { member, quoteId } = await made();
      const row = await db().selectFrom('quotes').select('expires_at').where('public_id', '=', quoteId).executeTakeFirstOrThrow();
      expect(await take(member, quoteId, new Date(row.expires_at.getTime() + 1))).toEqual({ ok: false, code: 'quote_expired' });
      expect(await take(member, quoteId, new Date(row.expires_at.getTime()))).toEqual({ ok: false, code: 'quote_expired' });
      expect((await take(member, quoteId, new Date(row.expires_at.getTime() - 1000))).ok).toBe(true);
    });

    it("another member's quote is not found", async () => {
      const { quoteId } = await made();
      const other = await newMember(t.app, db());
      expect(await take(other, quoteId)).toEqual({ ok: false, code: 'quote_not_found' });
      expect(await take(other, 'qt_doesnotexist')).toEqual({ ok: false, code: 'quote_not_found' });
    });

    it('taking a quote made with a coupon counts one use; a coupon used up meanwhile refuses and leaves the quote unused', async () => {
      const providerId = await providerIdOf(db(), '1');
      await db().insertInto('coupons').values({ provider_id: providerId, code: 'TWICE', fee_discount_percent: '50', expires_at: null, max_uses: 2 }).execute();
      const first = await made({ coupon_code: 'TWICE' });
      const second = await made({ coupon_code: 'TWICE' });
      const third = await made({ coupon_code: 'TWICE' });
      expect((await take(first.member, first.quoteId)).ok).toBe(true);
      expect((await take(second.member, second.quoteId)).ok).toBe(true);
      expect(await take(third.member, third.quoteId)).toEqual({ ok: false, code: 'coupon_invalid' });
      const coupon = await db().selectFrom('coupons').select('uses').where('code', '=', 'TWICE').executeTakeFirstOrThrow();
      expect(coupon.uses).toBe(2);
      const row = await db().selectFrom('quotes').select('used_at').where('public_id', '=', third.quoteId).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
      // And the coupon no longer quotes.
      const again = await quote(third.member, buy('100.00', { coupon_code: 'TWICE' }));
      expect(again.body.error_message.code).toBe('coupon_invalid');
    });
  });
});
