import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MERCHANT } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { createTestOperator, operatorSession } from './test-kit.ts';

describe.each(testDatabases())('the members screens on $name', ({ name }) => {
  const t = useTestApp(name);

  const memberId = async (email: string, wlId = '1') =>
    (await t.database.db.selectFrom('users').innerJoin('providers', 'providers.id', 'users.provider_id').select('users.id').where('users.email', '=', email).where('providers.wl_id', '=', wlId).executeTakeFirstOrThrow()).id;

  const get = async (url: string, role: 'support' | 'compliance' | 'admin' | 'finance' = 'support') => t.app.inject({ method: 'GET', url, headers: await operatorSession(t.app, role) });

  it.each([
    { by: 'part of the email', q: 'member@demo', expect: DEMO_MEMBER.email },
    { by: 'the name, any case', q: 'alex MORGAN', expect: DEMO_MEMBER.email },
    { by: 'phone digits, written any way', q: '7700 900-456', expect: DEMO_MERCHANT.email },
  ])('search finds a member by $by', async ({ q, expect: email }) => {
    const answer = (await get(`/v1/admin/members?q=${encodeURIComponent(q)}`)).json().request_details;
    expect(answer.members.map((m: { email: string }) => m.email)).toEqual([email]);
  });

  it('search finds a member by account number (prefix and client id, or the id alone), and pages on the server', async () => {
    const all = (await get('/v1/admin/members?per_page=1')).json().request_details;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.members).toHaveLength(1);
    const someone = all.members[0];
    expect(someone.account_number).toMatch(/^[A-Z0-9-]*\d+$/);
    const byNumber = (await get(`/v1/admin/members?q=${someone.account_number.toLowerCase()}`)).json().request_details;
    expect(byNumber.members.map((m: { id: string }) => m.id)).toContain(someone.id);
    const page2 = (await get('/v1/admin/members?per_page=1&page=2')).json().request_details;
    expect(page2.members[0].id).not.toBe(someone.id);
    // A LIKE wildcard is taken literally.
    expect((await get('/v1/admin/members?q=%25')).json().request_details.total).toBe(0);
  });

  it('search and detail stay within the operator\'s provider', async () => {
    const wl2 = (await t.database.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow()).id;
    const elsewhere = await operatorSession(t.app, 'admin', wl2);
    const search = (await t.app.inject({ method: 'GET', url: `/v1/admin/members?q=${DEMO_MEMBER.email}`, headers: elsewhere })).json().request_details;
    expect(search.total).toBe(0);
    const detail = await t.app.inject({ method: 'GET', url: `/v1/admin/members/${await memberId(DEMO_MEMBER.email)}`, headers: elsewhere });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().error_message.code).toBe('member_not_found');
  });

  it('detail shows profile, wallets from the ledger, transactions and sessions; identity data to compliance, not to support', async () => {
    const session = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // The member's own first read makes the wallet of their currency (at zero) in the ledger.
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(200);
    const id = await memberId(DEMO_MEMBER.email);
    const asSupport = (await get(`/v1/admin/members/${id}`, 'support')).json().request_details;
    expect(asSupport.member).toMatchObject({ id: id.toString(), email: DEMO_MEMBER.email, first_name: 'Alex', last_name: 'Morgan', blocked: false, compliance_status: 'pending', country: 'GB', level: 'basic' });
    expect(asSupport.identity).toBeNull();
    expect(asSupport.wallets).toEqual(expect.arrayContaining([{ currency: 'EUR', balance: '0.00', available: '0.00' }]));
    expect(asSupport.sessions[0]).toMatchObject({ live: true, ended_at: null });
    const asCompliance = (await get(`/v1/admin/members/${id}`, 'compliance')).json().request_details;
    expect(asCompliance.identity).toEqual({ date_of_birth: DEMO_MEMBER.dateOfBirth, address: '12 Fern Lane, N1 7GU London, GB' });
    // The level the limits hold the member to follows the identity check.
    await t.app.db.updateTable('users').set({ compliance_status: 'successful' }).where('id', '=', id).execute();
    expect((await get(`/v1/admin/members/${id}`, 'support')).json().request_details.member.level).toBe('verified');
    await t.app.db.updateTable('users').set({ compliance_status: 'pending' }).where('id', '=', id).execute();
  });

  it('block ends the member\'s sessions, refuses sign-in with account_blocked, and is audited with the reason; unblock lets them in again', async () => {
    const person = { email: `blocked-${Date.now()}@example.test` };
    // A member of their own, so other tests' sessions of the demo member are not ended under them.
    const demo = await t.database.db.selectFrom('users').select(['password_hash', 'provider_id']).where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
    const created = await t.database.db.insertInto('users').values({ provider_id: demo.provider_id, email: person.email, password_hash: demo.password_hash, role: 'member', permissions: '{}', email_verified: true, mobile_verified: true }).returning('id').executeTakeFirstOrThrow();
    const session = await signIn(t.app, person.email, DEMO_MEMBER.password);
    const operator = await createTestOperator(t.app, 'support');
    const act = (path: string, body?: object) => t.app.inject({ method: 'POST', url: `/v1/admin/members/${created.id}/${path}`, headers: operator.headers, ...(body ? { payload: body } : {}) });

    const blocked = await act('block', { reason: 'Member reported a stolen phone' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().request_details).toEqual({ member_id: created.id.toString(), blocked: true, sessions_ended: 1 });
    const refusedSession = await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential });
    expect(refusedSession.status).toBe(403);
    expect(refusedSession.body.error_message.code).toBe('account_blocked');
    const refusedLogin = await call(t.app, 'POST', '/v1/users/login', { email: person.email, password: DEMO_MEMBER.password });
    expect(refusedLogin.status).toBe(403);
    expect(refusedLogin.body.error_message.code).toBe('account_blocked');
    // Blocking again changes nothing and records nothing.
    expect((await act('block', { reason: 'again' })).json().request_details.sessions_ended).toBe(0);

    expect((await act('unblock', { reason: 'Phone found' })).json().request_details).toEqual({ member_id: created.id.toString(), blocked: false, sessions_ended: 0 });
    expect((await call(t.app, 'POST', '/v1/users/login', { email: person.email, password: DEMO_MEMBER.password })).status).toBe(200);

    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'target_type', 'target_id', 'before', 'after']).where('operator_id', '=', operator.id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'member.block', target_type: 'member', target_id: created.id.toString(), before: { blocked: false }, after: { blocked: true, sessions_ended: 1, reason: 'Member reported a stolen phone' } },
      { action: 'member.unblock', target_type: 'member', target_id: created.id.toString(), before: { blocked: true }, after: { blocked: false, sessions_ended: 0, reason: 'Phone found' } },
    ]);
  });

  it('force sign-out ends every live session (the next call is refused) and is audited; compliance may not do it', async () => {
    const session = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    const id = await memberId(DEMO_MERCHANT.email);
    const forbidden = await t.app.inject({ method: 'POST', url: `/v1/admin/members/${id}/sign-out`, headers: await operatorSession(t.app, 'compliance') });
    expect(forbidden.statusCode).toBe(403);
    const admin = await createTestOperator(t.app, 'admin');
    const out = await t.app.inject({ method: 'POST', url: `/v1/admin/members/${id}/sign-out`, headers: admin.headers });
    expect(out.json().request_details).toEqual({ member_id: id.toString(), blocked: false, sessions_ended: 1 });
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: session.credential })).status).toBe(401);
    const row = await t.database.db.selectFrom('audit_log').select(['action', 'target_id']).where('operator_id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'member.sign_out', target_id: id.toString() });
    // The member can sign in again.
    expect((await call(t.app, 'POST', '/v1/users/login', { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password })).status).toBe(200);
  });

  it('a block without a reason is refused, and an unknown member is 404', async () => {
    const headers = await operatorSession(t.app, 'admin');
    const noReason = await t.app.inject({ method: 'POST', url: `/v1/admin/members/${await memberId(DEMO_MEMBER.email)}/block`, headers, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/admin/members/999999999/block', headers, payload: { reason: 'test' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_message.code).toBe('member_not_found');
  });
});
