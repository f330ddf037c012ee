// Levels and limits on every money operation, through the API, on both databases: each operation is
// refused above what the member's level has left with a message naming the step that lifts it; what
// counts is what is used (failed and canceled give it back); the check and the write do not race;
// GET /v1/users/limits answers the same figures; a provider's own ladder replaces the defaults.

import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS_CONFIG, type LevelsConfig } from '#core/compliance/levels-config.ts';
import { MemberLimitsSchema } from '#core/contract/limits.ts';
import * as v from 'valibot';
import { toJsonb } from '../db/jsonb.ts';
import { checkLedger } from '../ledger/index.ts';
import { creditWallet, newestCode, newMember, send, VISA_OK, type TestMember } from '../money/deposits/member-test-kit.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';
import { usedByMember } from './usage.ts';

const BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const IBAN = 'DE89370400440532013000';
const IDENTITY_STEP = 'verify your identity (an identity document and a selfie) in Account Verification';
const ADDRESS_STEP = 'send a proof of address in Account Verification';

describe.each(testDatabases())('levels and limits on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.app.db;
  const post = (member: TestMember, url: string, body: unknown, key?: string) => send(t.app, member, 'POST', url, body, key ?? crypto.randomUUID());
  const limitsOf = async (member: TestMember) => {
    const answer = await send(t.app, member, 'GET', '/v1/users/limits');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(MemberLimitsSchema, answer.body.request_details);
  };
  const operationOf = async (member: TestMember, operation: string) => (await limitsOf(member)).operations.find((row) => row.operation === operation);
  const quote = (member: TestMember, operation: string, from: string, to: string, amount: string) =>
    post(member, '/v1/transactions/quote', { operation, from_currency: from, to_currency: to, amount });
  const convert = (member: TestMember, quoteId: string) => post(member, '/v1/transactions/convert', { quote_id: quoteId });
  const withdrawBtc = (member: TestMember, amount: string) => post(member, '/v1/transactions/withdrawal', { method: 'crypto', currency: 'BTC', amount, address: BTC_ADDRESS });
  const beneficiaryOf = async (member: TestMember) =>
    (await post(member, '/v1/users/addBeneficiary', { name: 'Me', bank_name: 'Bank', iban: IBAN, swift: 'COBADEFF', currency: 'EUR' })).body.request_details.beneficiary.id as string;

  afterEach(async () => {
    expect((await checkLedger(db())).violations).toEqual([]);
  });

  describe('each operation is refused above the level, saying which step lifts it', () => {
    it.each([
      {
        operation: 'buy (quote)',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'EUR', 100_000n);
          return quote(member, 'buy', 'EUR', 'BTC', '150.01');
        },
        says: `You can buy up to €150.00 more this month at your verification level. To buy up to €5,000.00 a day and €20,000.00 a month, ${IDENTITY_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'sell, valued at the quote\'s rate',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'BTC', 1_000_000n);
          return quote(member, 'sell', 'BTC', 'EUR', '0.00300000'); // about €166
        },
        says: `You can sell up to €150.00 more this month at your verification level. To sell up to €5,000.00 a day and €20,000.00 a month, ${IDENTITY_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'trade counts as a sell of the source',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'BTC', 1_000_000n);
          return quote(member, 'trade', 'BTC', 'ETH', '0.00300000');
        },
        says: `You can sell up to €150.00 more this month at your verification level.`,
      },
      {
        operation: 'card deposit',
        level: 'basic' as const,
        run: (member: TestMember) => post(member, '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '150.01', card: VISA_OK }),
        says: `You can deposit up to €150.00 more this month at your verification level. To deposit up to €10,000.00 a day and €30,000.00 a month, ${IDENTITY_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'wire deposit',
        level: 'basic' as const,
        run: (member: TestMember) => post(member, '/v1/transactions/deposit', { method: 'wire', currency: 'EUR', amount: '200.00' }),
        says: `You can deposit up to €150.00 more this month at your verification level.`,
      },
      {
        operation: 'withdraw (fiat to a bank)',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'EUR', 100_000n);
          return post(member, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '20.00', beneficiary_id: await beneficiaryOf(member) });
        },
        says: `You cannot withdraw any more this month at your verification level. To withdraw up to €5,000.00 a day and €20,000.00 a month, ${IDENTITY_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'send (crypto to an address)',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'BTC', 1_000_000n);
          return withdrawBtc(member, '0.00100000');
        },
        says: `You cannot send any more this month at your verification level. To send up to €2,000.00 a day and €10,000.00 a month, ${IDENTITY_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'deposit with no level yet (phone not verified)',
        level: 'basic' as const,
        run: async (member: TestMember) => {
          await db().updateTable('users').set({ mobile_verified: false }).where('id', '=', member.userId).execute();
          return post(member, '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '10.00', card: VISA_OK });
        },
        says: 'You cannot deposit any more this month at your verification level. To deposit up to €150.00 a day and €150.00 a month, verify your phone number in Account Verification, or enter a smaller amount.',
      },
      {
        operation: 'buy above the verified day',
        level: 'verified' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'EUR', 600_000n);
          return quote(member, 'buy', 'EUR', 'BTC', '5000.01');
        },
        says: `You can buy up to €5,000.00 more today at your verification level. To buy up to €50,000.00 a day and €200,000.00 a month, ${ADDRESS_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'sell above the verified day (about €5,550 of BTC)',
        level: 'verified' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'BTC', 10_000_000n);
          return quote(member, 'sell', 'BTC', 'EUR', '0.10000000');
        },
        says: `You can sell up to €5,000.00 more today at your verification level. To sell up to €50,000.00 a day and €200,000.00 a month, ${ADDRESS_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'deposit above the verified day',
        level: 'verified' as const,
        run: (member: TestMember) => post(member, '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '10000.01', card: VISA_OK }),
        says: `You can deposit up to €10,000.00 more today at your verification level. To deposit up to €100,000.00 a day and €300,000.00 a month, ${ADDRESS_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'withdraw above the verified day',
        level: 'verified' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'EUR', 600_000n);
          return post(member, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '5000.01', beneficiary_id: await beneficiaryOf(member) });
        },
        says: `You can withdraw up to €5,000.00 more today at your verification level. To withdraw up to €50,000.00 a day and €200,000.00 a month, ${ADDRESS_STEP}, or enter a smaller amount.`,
      },
      {
        operation: 'send above the verified day (about €2,775 of BTC)',
        level: 'verified' as const,
        run: async (member: TestMember) => {
          await creditWallet(db(), member, 'BTC', 10_000_000n);
          return withdrawBtc(member, '0.05000000');
        },
        says: `You can send up to €2,000.00 more today at your verification level. To send up to €20,000.00 a day and €100,000.00 a month, ${ADDRESS_STEP}, or enter a smaller amount.`,
      },
    ])('$operation at $level', async ({ level, run, says }) => {
      const member = await newMember(t.app, { level, permissions: { send: 1, withdrawal: 1, fiat_withdrawals: 1 } });
      const refused = await run(member);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.error_message.code).toBe('limit_exceeded');
      expect(refused.body.error_message.message).toContain(says);
      expect(refused.body.error_message.fields.amount).toEqual([refused.body.error_message.message]);
      // Refused: nothing was recorded (no row, no use, no code mailed).
      const rows = await db().selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).execute();
      expect(rows).toEqual([]);
      const codes = await db().selectFrom('one_time_codes').select('id').where('user_id', '=', member.userId).where('purpose', '=', 'withdrawal').execute();
      expect(codes).toEqual([]);
    });
  });

  it('a quote above the level says so before the balance: adding funds would not help', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    const refused = await quote(member, 'buy', 'EUR', 'BTC', '200.00');
    expect(refused.body.error_message.code).toBe('limit_exceeded');
    const fits = await quote(member, 'buy', 'EUR', 'BTC', '100.00');
    expect(fits.body.error_message.code).toBe('insufficient_funds');
  });

  it('the same amounts pass at the level above, and are counted', async () => {
    const member = await newMember(t.app, { level: 'verified', permissions: { send: 1, withdrawal: 1 } });
    await creditWallet(db(), member, 'EUR', 100_000n);
    const offered = await quote(member, 'buy', 'EUR', 'BTC', '150.01');
    expect(offered.status).toBe(200);
    expect((await convert(member, offered.body.request_details.quote_id)).status).toBe(200);
    const deposit = await post(member, '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '150.01', card: VISA_OK });
    expect(deposit.status).toBe(200);
    const limits = await limitsOf(member);
    expect(limits.level).toBe('verified');
    expect(limits.operations.find((row) => row.operation === 'buy')).toMatchObject({ daily: '5000.00', monthly: '20000.00', used_today: '150.01', left_today: '4849.99', left_this_month: '19849.99' });
    expect(limits.operations.find((row) => row.operation === 'deposit')).toMatchObject({ used_this_month: '150.01' });
  });

  it('a quote that fitted is refused at convert when the month was used up meanwhile, and the quote stays unused', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    await creditWallet(db(), member, 'EUR', 100_000n);
    const first = await quote(member, 'buy', 'EUR', 'BTC', '100.00');
    const second = await quote(member, 'buy', 'EUR', 'BTC', '100.00');
    expect((await convert(member, first.body.request_details.quote_id)).status).toBe(200);
    const refused = await convert(member, second.body.request_details.quote_id);
    expect(refused.status).toBe(403);
    expect(refused.body.error_message.message).toContain('You can buy up to €50.00 more this month at your verification level.');
    const unused = await db().selectFrom('quotes').select('used_at').where('public_id', '=', second.body.request_details.quote_id).executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();
    expect(await operationOf(member, 'buy')).toMatchObject({ used_this_month: '100.00', left_this_month: '50.00' });
  });

  describe('two concurrent operations that each fit but not together: exactly one passes', () => {
    it('buys', async () => {
      const member = await newMember(t.app, { level: 'basic' });
      await creditWallet(db(), member, 'EUR', 100_000n);
      const a = await quote(member, 'buy', 'EUR', 'BTC', '100.00');
      const b = await quote(member, 'buy', 'EUR', 'BTC', '100.00');
      const results = await Promise.all([convert(member, a.body.request_details.quote_id), convert(member, b.body.request_details.quote_id)]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 403]);
      expect(await operationOf(member, 'buy')).toMatchObject({ used_this_month: '100.00' });
    });

    it('card deposits', async () => {
      const member = await newMember(t.app, { level: 'basic' });
      const deposit = () => post(member, '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '100.00', card: VISA_OK });
      const results = await Promise.all([deposit(), deposit(), deposit()]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 403, 403]);
      expect(await operationOf(member, 'deposit')).toMatchObject({ used_this_month: '100.00' });
    });

    it('sends', async () => {
      const member = await newMember(t.app, { level: 'verified' });
      await creditWallet(db(), member, 'BTC', 10_000_000n);
      const results = await Promise.all([withdrawBtc(member, '0.02000000'), withdrawBtc(member, '0.02000000')]); // about €1,110 each of €2,000 a day
      expect(results.map((result) => result.status).sort()).toEqual([200, 403]);
    });
  });

  it('a canceled withdrawal gives its limit back; a 2-FA pending one holds it', async () => {
    const member = await newMember(t.app, { level: 'verified' });
    await creditWallet(db(), member, 'BTC', 10_000_000n);
    const first = await withdrawBtc(member, '0.03000000'); // about €1,665
    expect(first.status).toBe(200);
    expect((await withdrawBtc(member, '0.01000000')).status).toBe(403);
    const id = first.body.request_details.transaction.id as string;
    expect((await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: id })).status).toBe(200);
    const again = await withdrawBtc(member, '0.01000000');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Confirming it needs no second check: it counted from the start.
    const confirmed = await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: again.body.request_details.transaction.id, code: await newestCode(db(), member) });
    expect(confirmed.status).toBe(200);
  });

  it('a refusal is said in the page language (the lang cookie, else Accept-Language)', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    await creditWallet(db(), member, 'EUR', 100_000n);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/transactions/quote',
      headers: { host: member.host, origin: 'http://localhost:8182', authorization: `Bearer ${member.credential}`, 'content-type': 'application/json', 'accept-language': 'es-ES,es;q=0.9' },
      payload: JSON.stringify({ operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount: '200.00' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_message.message).toBe(
      'Puedes comprar hasta 150,00 € más este mes con tu nivel de verificación. Para comprar hasta 5.000,00 € al día y 20.000,00 € al mes, verifica tu identidad (un documento de identidad y un selfi) en Verificación de la cuenta, o introduce un importe menor.',
    );
  });

  describe('GET /v1/users/limits', () => {
    it('a basic member: the ladder, what is left, and that identity is what the next level needs', async () => {
      const member = await newMember(t.app, { level: 'basic' });
      await creditWallet(db(), member, 'EUR', 100_000n);
      const offered = await quote(member, 'buy', 'EUR', 'BTC', '40.00');
      expect((await convert(member, offered.body.request_details.quote_id)).status).toBe(200);
      const limits = await limitsOf(member);
      expect(limits).toMatchObject({
        currency: 'EUR',
        level: 'basic',
        verified: { email: true, phone: true, identity: false, proof_of_address: false },
        next_level: { id: 'verified', missing: ['identity'] },
      });
      expect(limits.levels.map((level) => level.id)).toEqual(['basic', 'verified', 'enhanced']);
      expect(limits.levels[1]?.limits.withdraw).toEqual({ daily: '5000.00', monthly: '20000.00' });
      expect(limits.operations).toEqual([
        { operation: 'buy', daily: '150.00', monthly: '150.00', used_today: '40.00', used_this_month: '40.00', left_today: '110.00', left_this_month: '110.00' },
        { operation: 'sell', daily: '150.00', monthly: '150.00', used_today: '0.00', used_this_month: '0.00', left_today: '150.00', left_this_month: '150.00' },
        { operation: 'deposit', daily: '150.00', monthly: '150.00', used_today: '0.00', used_this_month: '0.00', left_today: '150.00', left_this_month: '150.00' },
        { operation: 'withdraw', daily: '0.00', monthly: '0.00', used_today: '0.00', used_this_month: '0.00', left_today: '0.00', left_this_month: '0.00' },
        { operation: 'send', daily: '0.00', monthly: '0.00', used_today: '0.00', used_this_month: '0.00', left_today: '0.00', left_this_month: '0.00' },
      ]);
    });

    it.each([
      { case: 'phone not verified: no level, the first needs the phone', set: { mobile_verified: false }, address: false, level: null, next: { id: 'basic', missing: ['phone'] } },
      { case: 'identity verified (compliance_status successful)', set: { compliance_status: 'successful' as const }, address: false, level: 'verified', next: { id: 'enhanced', missing: ['proof_of_address'] } },
      { case: 'identity and an approved proof of address: the top', set: { compliance_status: 'successful' as const }, address: true, level: 'enhanced', next: null },
      { case: 'an approved proof of address without identity is still basic', set: {}, address: true, level: 'basic', next: { id: 'verified', missing: ['identity'] } },
    ])('$case', async ({ set, address, level, next }) => {
      const member = await newMember(t.app, { level: 'basic' });
      if (Object.keys(set).length > 0) await db().updateTable('users').set(set).where('id', '=', member.userId).execute();
      if (address) {
        await db()
          .insertInto('identity_document_images')
          .values({
            provider_id: member.providerId,
            user_id: member.userId,
            kind: 'proof_of_address',
            side: 'none',
            content_type: 'image/png',
            byte_size: 1,
            width: 1,
            height: 1,
            sha256: '0'.repeat(64),
            ciphertext: new Uint8Array(30),
            review_state: 'approved',
            reviewed_at: new Date(),
          })
          .execute();
      }
      const limits = await limitsOf(member);
      expect(limits.level).toBe(level);
      expect(limits.next_level).toEqual(next);
      if (level === null) expect(limits.operations.every((row) => row.left_this_month === '0.00')).toBe(true);
    });

    it('test mode: POST /v1/test-mode/verifyIdentity makes the member identity-verified (the verified level)', async () => {
      const member = await newMember(t.app, { level: 'basic' });
      const answer = await post(member, '/v1/test-mode/verifyIdentity', undefined);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.request_details).toMatchObject({ level: 'verified', verified: { identity: true } });
      expect((await limitsOf(member)).level).toBe('verified');
    });

    it('test mode: level enhanced also approves a proof of address, stored sealed like an upload (the top level)', async () => {
      const member = await newMember(t.app, { level: 'basic' });
      const answer = await post(member, '/v1/test-mode/verifyIdentity', { level: 'enhanced' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.request_details).toMatchObject({ level: 'enhanced', verified: { identity: true, proof_of_address: true }, next_level: null });
      const photos = await db().selectFrom('identity_document_images').select(['kind', 'review_state', 'content_type']).where('user_id', '=', member.userId).execute();
      expect(photos).toEqual([{ kind: 'proof_of_address', review_state: 'approved', content_type: 'image/png' }]);
    });

    it('a member who is not signed in is refused', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/users/limits', headers: { host: 'localhost' } });
      expect(response.statusCode).toBe(401);
    });
  });

  it("a provider's own ladder replaces the defaults, for the page and for the check", async () => {
    const own: LevelsConfig = {
      currency: 'EUR',
      levels: [
        { ...DEFAULT_LEVELS_CONFIG.levels[0]!, id: 'starter', limits: { ...DEFAULT_LEVELS_CONFIG.levels[0]!.limits, buy: { daily: '30', monthly: '60' } } },
        DEFAULT_LEVELS_CONFIG.levels[1]!,
      ],
    };
    await db().updateTable('providers').set({ levels: toJsonb(own) }).where('wl_id', '=', '2').execute();
    try {
      const member = await newMember(t.app, { wlId: '2', level: 'basic' });
      await creditWallet(db(), member, 'EUR', 100_000n);
      const limits = await limitsOf(member);
      expect(limits).toMatchObject({ level: 'starter', next_level: { id: 'verified', missing: ['identity'] } });
      expect(limits.levels.map((level) => level.id)).toEqual(['starter', 'verified']);
      const refused = await quote(member, 'buy', 'EUR', 'BTC', '30.01');
      expect(refused.body.error_message.message).toContain('You can buy up to €30.00 more today at your verification level.');
      // The wl1 member keeps the defaults.
      const other = await newMember(t.app, { level: 'basic' });
      expect((await limitsOf(other)).level).toBe('basic');
      // A stored ladder that does not pass the schema stops money rather than guessing limits.
      await db().updateTable('providers').set({ levels: toJsonb({ ...own, levels: [own.levels[1], own.levels[0]] }) }).where('wl_id', '=', '2').execute();
      expect((await send(t.app, member, 'GET', '/v1/users/limits')).status).toBe(500);
    } finally {
      await db().updateTable('providers').set({ levels: null }).where('wl_id', '=', '2').execute();
    }
  });

  it('usage: today and this calendar month in UTC, only statuses that count', async () => {
    const member = await newMember(t.app, { level: 'basic' });
    const now = new Date('2026-11-24T10:00:00Z');
    const uses = [
      { at: '2026-11-24T00:00:00Z', status: 'completed', minor: 100n },
      { at: '2026-11-23T23:59:59Z', status: 'pending', minor: 20n },
      { at: '2026-11-01T00:00:00Z', status: 'initial', minor: 3n },
      { at: '2026-10-31T23:59:59Z', status: 'completed', minor: 4000n },
      { at: '2026-11-24T09:00:00Z', status: 'failed', minor: 50000n },
      { at: '2026-11-24T09:00:00Z', status: 'canceled', minor: 60000n },
    ] as const;
    for (const use of uses) {
      const row = await db()
        .insertInto('money_transactions')
        .values({ provider_id: member.providerId, user_id: member.userId, type: 'deposit', method: 'wire', status: use.status, currency_iso: 'EUR', amount_minor: use.minor, fee_currency: 'EUR', details: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('limit_usage')
        .values({ transaction_id: row.id, provider_id: member.providerId, user_id: member.userId, operation: 'deposit', currency: 'EUR', value_minor: use.minor, created_at: new Date(use.at) })
        .execute();
    }
    const used = await usedByMember(db(), { userId: member.userId, currency: 'EUR', now });
    expect(used.deposit).toEqual({ todayMinor: 100n, thisMonthMinor: 123n });
    expect(used.buy).toEqual({ todayMinor: 0n, thisMonthMinor: 0n });
    expect((await usedByMember(db(), { userId: member.userId, currency: 'GBP', now })).deposit).toEqual({ todayMinor: 0n, thisMonthMinor: 0n });
  });
});

describe('levels and limits in live mode', () => {
  it('POST /v1/test-mode/verifyIdentity does not exist', async () => {
    const live = await buildTestApp('pglite', { env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const member = await newMember(live.app, { level: 'basic' });
      const answer = await send(live.app, member, 'POST', '/v1/test-mode/verifyIdentity', {}, crypto.randomUUID());
      expect(answer.status).toBe(404);
      const row = await live.app.db.selectFrom('users').select('compliance_status').where('id', '=', member.userId).executeTakeFirstOrThrow();
      expect(row.compliance_status).toBe('pending');
    } finally {
      await live.close();
    }
  });
});
