import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { kycMember, fillApplication } from './compliance-test-kit.ts';
import { kycWebhookRoutes, liveKycSettings, signWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_S } from './live-adapter.ts';

const SECRET = 'whsec_kyc_test_0123456789abcdef';
const NOW = 1_795_000_000;
const BODY = JSON.stringify({ applicant_id: 'app_1', decision: 'approved' });

describe('the live provider webhook signature', () => {
  it.each([
    { case: 'a real signature', header: signWebhook(SECRET, NOW, BODY), body: BODY, now: NOW, result: { ok: true } },
    { case: 'no header', header: undefined, body: BODY, now: NOW, result: { ok: false, why: 'missing' } },
    { case: 'garbage', header: 't=abc,v1=xyz', body: BODY, now: NOW, result: { ok: false, why: 'malformed' } },
    { case: 'another secret', header: signWebhook('whsec_other', NOW, BODY), body: BODY, now: NOW, result: { ok: false, why: 'mismatch' } },
    { case: 'one changed byte of the body', header: signWebhook(SECRET, NOW, BODY), body: BODY.replace('approved', 'approvee'), now: NOW, result: { ok: false, why: 'mismatch' } },
    { case: 'a replay after the tolerance', header: signWebhook(SECRET, NOW, BODY), body: BODY, now: NOW + WEBHOOK_TOLERANCE_S + 1, result: { ok: false, why: 'stale' } },
    { case: 'the timestamp changed to look fresh', header: signWebhook(SECRET, NOW, BODY).replace(`t=${NOW}`, `t=${NOW + 1000}`), body: BODY, now: NOW + 1000, result: { ok: false, why: 'mismatch' } },
  ])('$case', ({ header, body, now, result }) => {
    expect(verifyWebhookSignature(SECRET, header, body, now)).toEqual(result);
  });

  it('names every variable live mode needs', () => {
    expect(liveKycSettings({ KYC_PROVIDER: 'acme' })).toEqual({ ok: false, missing: ['KYC_API_URL', 'KYC_API_KEY', 'KYC_WEBHOOK_SECRET'] });
  });
});

describe.each(testDatabases())('the live provider webhook route on $name', ({ name }) => {
  const t = useTestApp(name, {
    extraRoutes: async (app) => {
      await app.register(kycWebhookRoutes, { settings: { provider: 'acme', webhookSecret: SECRET }, now: () => NOW });
    },
  });

  const post = (provider: string, body: string, header?: string) =>
    t.app.inject({ method: 'POST', url: `/v1/compliance/webhook/${provider}`, headers: { host: 'localhost', 'content-type': 'application/json', ...(header ? { 'kyc-signature': header } : {}) }, payload: body });

  it('a signed rejection decides the pending application, with the reason the member reads', async () => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'X1' });
    // As submit does in live mode: pending, with the applicant the provider made.
    await t.database.db.updateTable('kyc_applications').set({ state: 'pending', submitted_at: new Date(), provider_applicant_id: `app_${member.userId}` }).where('user_id', '=', member.userId).execute();
    const body = JSON.stringify({ applicant_id: `app_${member.userId}`, decision: 'rejected', reasons: ['selfie_mismatch'] });
    const forged = await post('acme', body, signWebhook('whsec_wrong', NOW, body));
    expect(forged.statusCode).toBe(401);
    const stillPending = await t.database.db.selectFrom('kyc_applications').select('state').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(stillPending.state).toBe('pending');
    const signed = await post('acme', body, signWebhook(SECRET, NOW, body));
    expect(signed.statusCode).toBe(204);
    const application = await t.database.db.selectFrom('kyc_applications').select(['state', 'reason_codes', 'provider_decision']).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application).toEqual({ state: 'rejected', reason_codes: ['selfie_mismatch'], provider_decision: 'rejected' });
    const user = await t.database.db.selectFrom('users').select('compliance_status').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(user.compliance_status).toBe('failed');
  });

  it.each([
    { case: 'another provider name', provider: 'other', status: 404 },
    { case: 'an unknown applicant', provider: 'acme', status: 404 },
  ])('$case answers $status', async ({ provider, status }) => {
    const body = JSON.stringify({ applicant_id: 'app_nobody', decision: 'approved' });
    expect((await post(provider, body, signWebhook(SECRET, NOW, body))).statusCode).toBe(status);
  });
});

describe.each(testDatabases())('test mode on $name', ({ name }) => {
  const t = useTestApp(name);
  it('has no webhook route: 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/compliance/webhook/acme', headers: { host: 'localhost', 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(404);
  });
});
