import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { decodeBase32Secret, totp, TOTP_PERIOD_S } from '#core/compliance/totp.ts';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { randomIp, signIn } from '../identity/session-test-kit.ts';
import { hashToken } from '../identity/session-token.ts';
import { DEMO_OPERATORS, demoOperator } from '../seed/seed-operators.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { recordAudit } from './audit.ts';
import { OPERATOR_IDLE_MS } from './sessions.ts';
import { createTestOperator, operatorSession, type TestOperator } from './test-kit.ts';

const ORIGIN = 'http://localhost:8182';

function codeFor(secret: string, atMs = Date.now()): string {
  return totp(decodeBase32Secret(secret) as Uint8Array, atMs);
}

describe.each(testDatabases())('the operator console on $name', ({ name }) => {
  const t = useTestApp(name);

  const signInAs = (body: { email: string; password: string; code: string }, host = 'localhost', ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/admin/session', headers: { host, origin: ORIGIN }, remoteAddress: ip, payload: body });

  /** A fresh operator without a session, to sign in with. */
  async function freshOperator(role: TestOperator['role'] = 'support'): Promise<TestOperator> {
    const operator = await createTestOperator(t.app, role);
    await t.database.db.updateTable('operator_sessions').set({ revoked_at: new Date() }).where('id', '=', operator.sessionId).execute();
    return operator;
  }

  const auditOf = (operatorId: bigint) =>
    t.database.db.selectFrom('audit_log').select(['action', 'after', 'ip']).where('operator_id', '=', operatorId).orderBy('id').execute();

  it('signs in with email, password and code: answers who, sets op_token HttpOnly, SameSite=Strict, Path=/, stores only its hash, and audits it', async () => {
    const operator = await freshOperator('compliance');
    const response = await signInAs({ email: operator.email.toUpperCase(), password: operator.password, code: codeFor(operator.totpSecret) });
    expect(response.statusCode).toBe(200);
    expect(response.json().request_details).toMatchObject({ email: operator.email, role: 'compliance', idle_timeout_s: 1800, provider_name: expect.any(String) });
    const cookie = response.cookies.find((c) => c.name === 'op_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(response.headers['cache-control']).toBe('no-store');
    const stored = await t.database.db.selectFrom('operator_sessions').select(['token_hash', 'role']).where('operator_id', '=', operator.id).where('revoked_at', 'is', null).execute();
    expect(stored).toEqual([{ token_hash: hashToken(cookie?.value as string), role: 'compliance' }]);
    expect((await auditOf(operator.id)).map((row) => row.action)).toEqual(['operator.sign_in']);
    const me = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: { host: 'localhost' }, cookies: { op_token: cookie?.value as string } });
    expect(me.statusCode).toBe(200);
    expect(me.json().request_details.email).toBe(operator.email);
  });

  it('a Secure cookie when PUBLIC_URL is https', async () => {
    const { buildTestApp } = await import('../test-helper.ts');
    const https = await buildTestApp(name, { env: { PUBLIC_URL: 'https://pay.example.com' } });
    try {
      const operator = await createTestOperator(https.app, 'admin');
      const response = await https.app.inject({ method: 'POST', url: '/v1/admin/session', headers: { host: 'localhost', origin: 'https://pay.example.com' }, payload: { email: operator.email, password: operator.password, code: codeFor(operator.totpSecret) } });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'op_token')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it.each([
    { part: 'the password', reason: 'password', body: (o: TestOperator) => ({ email: o.email, password: 'Wrong-password-2026', code: codeFor(o.totpSecret) }) },
    { part: 'the code', reason: 'code', body: (o: TestOperator) => ({ email: o.email, password: o.password, code: codeFor(o.totpSecret, Date.now() - 10 * TOTP_PERIOD_S * 1000) }) },
    { part: 'the email', reason: 'unknown_email', body: (o: TestOperator) => ({ email: `nobody-${o.email}`, password: o.password, code: codeFor(o.totpSecret) }) },
  ])('a wrong $part answers the same 401 operator_sign_in_failed, no cookie, and is audited with the reason', async ({ body, reason }) => {
    const operator = await freshOperator();
    const sent = body(operator);
    const response = await signInAs(sent);
    expect(response.statusCode).toBe(401);
    expect(response.json().error_message).toEqual({ code: 'operator_sign_in_failed', message: 'The email, password or authenticator code is not correct. Check all three and try again.' });
    expect(response.cookies.find((c) => c.name === 'op_token')).toBeUndefined();
    const row = await t.database.db.selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'operator.sign_in_failed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.after).toEqual({ email: sent.email, reason });
  });

  it('a code is accepted once: the same code again fails like any wrong part', async () => {
    const operator = await freshOperator();
    const code = codeFor(operator.totpSecret);
    expect((await signInAs({ email: operator.email, password: operator.password, code })).statusCode).toBe(200);
    const again = await signInAs({ email: operator.email, password: operator.password, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error_message.code).toBe('operator_sign_in_failed');
    expect((await auditOf(operator.id)).map((row) => [row.action, (row.after as { reason?: string } | null)?.reason ?? null])).toEqual([
      ['operator.sign_in', null],
      ['operator.sign_in_failed', 'code_reused'],
    ]);
  });

  it('five failures lock the operator: then even the right password and code answer 423 account_locked', async () => {
    const operator = await freshOperator();
    for (let i = 0; i < 4; i++) expect((await signInAs({ email: operator.email, password: `Wrong-password-${i}`, code: '000000' })).statusCode).toBe(401);
    const fifth = await signInAs({ email: operator.email, password: 'Wrong-password-5', code: '000000' });
    expect(fifth.statusCode).toBe(423);
    const right = await signInAs({ email: operator.email, password: operator.password, code: codeFor(operator.totpSecret) });
    expect(right.statusCode).toBe(423);
    expect(right.json().error_message.code).toBe('account_locked');
  });

  it('a disabled operator cannot sign in, and its live session stops working', async () => {
    const operator = await createTestOperator(t.app, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers })).statusCode).toBe(200);
    await t.database.db.updateTable('operators').set({ disabled_at: new Date() }).where('id', '=', operator.id).execute();
    const me = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json().error_message.code).toBe('operator_session_required');
    expect((await signInAs({ email: operator.email, password: operator.password, code: codeFor(operator.totpSecret) })).statusCode).toBe(401);
  });

  it('a session is bound to the role at sign-in: a role changed since ends it', async () => {
    const operator = await createTestOperator(t.app, 'finance');
    await t.database.db.updateTable('operators').set({ role: 'admin' }).where('id', '=', operator.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: operator.headers })).statusCode).toBe(401);
  });

  it('an operator signs in only on its own provider\'s host, and its session works only there', async () => {
    const operator = await freshOperator('admin');
    expect((await signInAs({ email: operator.email, password: operator.password, code: codeFor(operator.totpSecret) }, 'wl2.localhost')).statusCode).toBe(401);
    const live = await createTestOperator(t.app, 'admin');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: { ...live.headers, host: 'wl2.localhost' } });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('30 minutes without a call end the session (and revoke it); a call within them slides it, writing at most once a minute', async () => {
    const operator = await createTestOperator(t.app, 'support');
    const back = (ms: number) => t.database.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - ms) }).where('id', '=', operator.sessionId).execute();
    const lastSeen = async () => (await t.database.db.selectFrom('operator_sessions').select(['last_seen_at', 'revoked_at']).where('id', '=', operator.sessionId).executeTakeFirstOrThrow());

    await back(20_000);
    const before = (await lastSeen()).last_seen_at.getTime();
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers })).statusCode).toBe(200);
    expect((await lastSeen()).last_seen_at.getTime()).toBe(before); // under a minute old: not written

    await back(OPERATOR_IDLE_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers })).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen()).last_seen_at.getTime()).toBeLessThan(10_000); // slid to now

    await back(OPERATOR_IDLE_MS + 1_000);
    const expired = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error_message.code).toBe('operator_session_required');
    expect(expired.cookies.find((c) => c.name === 'op_token')?.value).toBe('');
    expect((await lastSeen()).revoked_at).not.toBeNull();
  });

  it('sign-out ends the session, clears the cookie and is audited; the old cookie is refused after', async () => {
    const operator = await createTestOperator(t.app, 'finance');
    const out = await t.app.inject({ method: 'DELETE', url: '/v1/admin/session', headers: operator.headers });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'op_token')?.value).toBe('');
    expect((await auditOf(operator.id)).map((row) => row.action)).toEqual(['operator.sign_out']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: operator.headers })).statusCode).toBe(401);
  });

  it('a mutation by cookie from another site is refused (CSRF)', async () => {
    const operator = await createTestOperator(t.app, 'finance');
    const response = await t.app.inject({ method: 'DELETE', url: '/v1/admin/session', headers: { ...operator.headers, origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    { caller: 'no credential', headers: async () => ({ host: 'localhost' }) },
    { caller: 'a member session cookie', headers: async () => ({ host: 'localhost', cookie: `token=${(await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password)).credential}` }) },
    { caller: 'a member bearer session', headers: async () => ({ host: 'localhost', authorization: `Bearer ${(await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password)).credential}` }) },
    { caller: 'a made-up op_token', headers: async () => ({ host: 'localhost', cookie: `op_token=op_${'a'.repeat(43)}` }) },
  ])('$caller gets 401 operator_session_required', async ({ headers }) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: await headers() });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_message.code).toBe('operator_session_required');
  });

  it.each(['compliance', 'finance', 'support'] as const)('the audit log refuses %s with 403 operator_forbidden', async (role) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/admin/audit', headers: await operatorSession(t.app, role) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_message.code).toBe('operator_forbidden');
  });

  it('the audit log shows admin the provider\'s entries only, newest first, filtered and paged by the server', async () => {
    const admin = await createTestOperator(t.app, 'admin');
    const other = await createTestOperator(t.app, 'admin', (await t.database.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow()).id);
    const actor = { id: admin.id, providerId: admin.providerId };
    for (let i = 1; i <= 3; i++) await recordAudit(t.database.db, { operator: actor, ip: '203.0.113.5', action: 'member.block', targetType: 'member', targetId: `m${i}`, before: { blocked: false, n: BigInt(i) }, after: { blocked: true } });
    await recordAudit(t.database.db, { operator: actor, ip: '203.0.113.5', action: 'fees.update', targetType: 'fees', targetId: 'f1', before: null, after: { pct: '1.5' } });
    await recordAudit(t.database.db, { operator: { id: other.id, providerId: other.providerId }, ip: '198.51.100.1', action: 'member.block', targetType: 'member', targetId: 'elsewhere', before: null, after: null });

    const get = (query: string) => t.app.inject({ method: 'GET', url: `/v1/admin/audit?${query}`, headers: admin.headers });
    const page1 = (await get(`action=member&operator=${encodeURIComponent(admin.email.toUpperCase())}&per_page=2`)).json().request_details;
    expect(page1.total).toBe(3);
    expect(page1.entries.map((e: { target_id: string }) => e.target_id)).toEqual(['m3', 'm2']);
    expect(page1.entries[0]).toMatchObject({ operator: { email: admin.email, role: 'admin' }, action: 'member.block', before: { blocked: false, n: '3' }, after: { blocked: true }, ip: '203.0.113.5' });
    const page2 = (await get(`action=member&operator=${encodeURIComponent(admin.email)}&per_page=2&page=2`)).json().request_details;
    expect(page2.entries.map((e: { target_id: string }) => e.target_id)).toEqual(['m1']);
    expect((await get('target_type=member&target_id=elsewhere')).json().request_details.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`target_id=f1&from=${today}&to=${today}`)).json().request_details.total).toBe(1);
    expect((await get('target_id=f1&to=2001-01-01')).json().request_details.total).toBe(0);
    expect((await get('from=2026-13-45')).statusCode).toBe(400);

    const csv = await t.app.inject({ method: 'GET', url: `/v1/admin/audit/export?target_type=member&operator=${encodeURIComponent(admin.email)}`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\n');
    // jsonb keeps keys in its own order (shorter first), on PGlite and PostgreSQL alike.
    expect(lines[0]).toBe('id,at,operator_email,operator_role,action,target_type,target_id,before,after,ip');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${admin.email},admin,member.block,member,m3,"{""n"":""3"",""blocked"":false}","{""blocked"":true}",203.0.113.5`);
    // The export is itself recorded.
    expect((await auditOf(admin.id)).map((row) => row.action).at(-1)).toBe('audit.export');
  });

  it('the overview counts only the areas of the role', async () => {
    const support = (await t.app.inject({ method: 'GET', url: '/v1/admin/overview', headers: await operatorSession(t.app, 'support') })).json().request_details;
    expect(Object.keys(support).sort()).toEqual(['members', 'merchants']);
    expect(support.members.total).toBeGreaterThanOrEqual(2);
    const finance = (await t.app.inject({ method: 'GET', url: '/v1/admin/overview', headers: await operatorSession(t.app, 'finance') })).json().request_details;
    expect(finance).toEqual({ money: { pending_wires: expect.any(Number), awaiting_approval: expect.any(Number) } });
    const admin = (await t.app.inject({ method: 'GET', url: '/v1/admin/overview', headers: await operatorSession(t.app, 'admin') })).json().request_details;
    expect(Object.keys(admin).sort()).toEqual(['audit', 'compliance', 'members', 'merchants', 'money']);
  });

  it('the audit log is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const admin = await createTestOperator(t.app, 'admin');
    await recordAudit(t.database.db, { operator: { id: admin.id, providerId: admin.providerId }, ip: '::1', action: 'member.block', targetType: 'member', targetId: 'x', before: null, after: null });
    await expect(sql`UPDATE audit_log SET ip = 'forged'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE ip = 'forged'`.execute(t.database.db)).rows[0]?.n)).toBe(0);
  });

  it('recordAudit refuses an action that is not dotted lower case', async () => {
    const admin = await createTestOperator(t.app, 'admin');
    await expect(recordAudit(t.database.db, { operator: { id: admin.id, providerId: admin.providerId }, ip: '::1', action: 'Block', targetType: 'member', targetId: 'x', before: null, after: null })).rejects.toThrow(/dotted lower case/);
  });

  it('test mode seeds a demo operator per role on each provider, whose known secret signs in; the secret is stored sealed', async () => {
    expect(t.seed?.operators.map((o) => o.role).sort()).toEqual(['admin', 'compliance', 'finance', 'support']);
    const rows = await t.database.db.selectFrom('operators').select(['email', 'totp_secret_sealed']).where('email', 'in', DEMO_OPERATORS.map((o) => o.email)).execute();
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(DEMO_OPERATORS.map((o) => o.totpSecret).some((secret) => row.totp_secret_sealed.includes(secret))).toBe(false);
    const demo = demoOperator('finance');
    const response = await signInAs({ email: demo.email, password: demo.password, code: codeFor(demo.totpSecret) }, 'wl2.localhost');
    expect(response.statusCode).toBe(200);
    expect(response.json().request_details.role).toBe('finance');
  });
});
