// Live mode with only mail and a code key configured: it starts, and every capability that needs a
// partner this build does not have is off with its own error, never silently served by a test double.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember, send, VISA_OK } from './money/deposits/member-test-kit.ts';
import { buildTestApp } from './test-helper.ts';

const LIVE = { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } as const;

describe('live mode without a card processor, an SMS gateway or a chain node', () => {
  let live: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    live = await buildTestApp('pglite', { env: LIVE });
  });
  afterAll(async () => {
    await live.close();
  });

  it('a card deposit is refused with card_processor_missing and nothing is recorded', async () => {
    const member = await newMember(live.app);
    const answer = await send(live.app, member, 'POST', '/v1/transactions/deposit', { method: 'card', currency: 'EUR', amount: '50.00', card: VISA_OK }, 'live-card-1');
    expect(answer.status).toBe(503);
    expect(answer.body.error_message?.code).toBe('card_processor_missing');
    const rows = await live.app.db.selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).execute();
    expect(rows).toEqual([]);
  });

  it('the test network is not there: no chain is on, and its faucet answers 404', async () => {
    expect(live.app.chain.network).toBe('main');
    expect(live.app.chain.assets).toEqual([]);
    expect(live.app.chain.testNetwork).toBeNull();
    const faucet = await live.app.inject({ method: 'POST', url: '/v1/test-network/pay', payload: {} });
    expect(faucet.statusCode).toBe(404);
  });

  it('a mobile code cannot be sent and says so', async () => {
    const attempt = await live.app.inject({ method: 'POST', url: '/v1/users/registrationAttempt', payload: { email: 'jo@live.test', mobile: '+447700900123' }, headers: { host: 'localhost' } });
    expect(attempt.statusCode).toBe(200);
    const regToken = attempt.json().request_details.reg_token as string;
    const sms = await live.app.inject({ method: 'POST', url: '/v1/verify/requestOTP', payload: { purpose: 'verify_mobile', reg_token: regToken }, headers: { host: 'localhost' } });
    expect(sms.statusCode).toBe(503);
    expect(JSON.stringify(sms.json())).toContain('sms_unavailable');
  });
});
