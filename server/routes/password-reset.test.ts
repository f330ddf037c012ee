import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { latestResetToken } from '../notifications/test-outbox.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { linkOrigin } from '../verification/link-origin.ts';

const NEW_PASSWORD = 'Lantern-orbit-Velvet-42';

describe('linkOrigin', () => {
  it.each([
    { publicUrl: 'http://localhost:8080', host: 'wl2.localhost', origin: 'http://wl2.localhost:8080' },
    { publicUrl: 'https://pay.example.com', host: 'pay.example.com', origin: 'https://pay.example.com' },
    { publicUrl: 'http://localhost:8180', host: '127.0.0.1', origin: 'http://127.0.0.1:8180' },
  ])('a reset link for $host points at $origin', ({ publicUrl, host, origin }) => {
    expect(linkOrigin(publicUrl, host)).toBe(origin);
  });
});

describe.each(testDatabases())('forgetPassword and resetPassword on $name', ({ name }) => {
  const t = useTestApp(name);
  const db = () => t.database.db;
  // The demo password would not pass today's policy (it contains the email's local part), so tests
  // restore the stored hash instead of resetting back to it.
  let demoHash = '';
  beforeAll(async () => {
    demoHash = (await db().selectFrom('users').select('password_hash').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow()).password_hash;
  });
  afterEach(async () => {
    await db().updateTable('users').set({ password_hash: demoHash, locked_until: null, failed_login_count: 0 }).where('email', '=', DEMO_MEMBER.email).execute();
  });

  /** The mail is sent after the answer; wait for it like an inbox would. */
  async function forget(email: string, host = 'localhost') {
    const answer = await call(t.app, 'POST', '/v1/users/forgetPassword', { email }, { host });
    await t.app.notifier.settled();
    return answer;
  }

  async function freshLink(): Promise<string> {
    await db().deleteFrom('password_reset_tokens').execute();
    const { status } = await forget(DEMO_MEMBER.email.toUpperCase());
    expect(status).toBe(200);
    const token = await latestResetToken(db(), DEMO_MEMBER.email);
    if (!token) throw new Error('no reset mail');
    return token;
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await db().selectFrom('dev_outbox').select('id').execute();
    const unknown = await forget('nobody@demo.test');
    const known = await forget(DEMO_MEMBER.email);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ request_status: '1', request_details: { sent: true } });
    const after = await db().selectFrom('dev_outbox').select(['recipient']).execute();
    expect(after.length - before.length).toBe(1);
    expect(after.map((row) => row.recipient)).not.toContain('nobody@demo.test');
  });

  it('answers before the mail is sent, so the timing does not tell whether the address has an account', async () => {
    const notifier = t.app.notifier;
    const real = notifier.mailer;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sent = 0;
    notifier.mailer = { send: async () => { await gate; sent += 1; } };
    await db().deleteFrom('password_reset_tokens').execute();
    try {
      const answer = await call(t.app, 'POST', '/v1/users/forgetPassword', { email: DEMO_MEMBER.email });
      expect(answer.status).toBe(200);
      expect(sent).toBe(0);
      release();
      await notifier.settled();
      expect(sent).toBe(1);
    } finally {
      notifier.mailer = real;
      await db().deleteFrom('password_reset_tokens').execute();
    }
  });

  it('a mail that fails is logged, and the answer is the same', async () => {
    const notifier = t.app.notifier;
    const real = notifier.mailer;
    notifier.mailer = { send: async () => { throw new Error('smtp down'); } };
    try {
      await db().deleteFrom('password_reset_tokens').execute();
      const answer = await forget(DEMO_MEMBER.email);
      expect(answer.body).toEqual({ request_status: '1', request_details: { sent: true } });
      expect(t.logs.text()).toContain('password reset mail failed');
    } finally {
      notifier.mailer = real;
      await db().deleteFrom('password_reset_tokens').execute();
    }
  });

  it('mails a branded link to /sys-wallets/change-password?reset= on the provider\'s own host', async () => {
    const token = await freshLink();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await db().selectFrom('dev_outbox').selectAll().where('recipient', '=', DEMO_MEMBER.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reset your Verdant Exchange password');
    expect(mail.text).toContain(`http://localhost:8182/sys-wallets/change-password?reset=${token}`);
    expect(mail.text).toContain('Verdant Exchange Ltd');
    expect(mail.html).toContain(`href="http://localhost:8182/sys-wallets/change-password?reset=${token}"`);
    const stored = await db().selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('a weak new password is refused with a field message, and the link still works afterwards', async () => {
    const token = await freshLink();
    const weak = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.error_message.fields.password[0]).toContain('too common');
    const good = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: NEW_PASSWORD });
    expect(good.status).toBe(200);
    expect(good.body.request_details).toEqual({ reset: true });
  });

  it('a reset ends every session, the new password signs in, the old one does not, and the link works once', async () => {
    const before = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const token = await freshLink();
    expect((await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/users/me', undefined, { credential: before.credential })).status).toBe(401);
    const old = await call(t.app, 'POST', '/v1/users/login', { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
    expect(old.status).toBe(401);
    await signIn(t.app, DEMO_MEMBER.email, NEW_PASSWORD);
    const twice = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: `${NEW_PASSWORD}-again` });
    expect(twice.status).toBe(400);
    expect(twice.body.error_message.code).toBe('reset_token_invalid');
  });

  it('a reset clears a lockout', async () => {
    await db().updateTable('users').set({ locked_until: new Date(Date.now() + 600_000), failed_login_count: 5 }).where('email', '=', DEMO_MEMBER.email).execute();
    const token = await freshLink();
    expect((await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: NEW_PASSWORD })).status).toBe(200);
    await signIn(t.app, DEMO_MEMBER.email, NEW_PASSWORD);
  });

  it.each([
    { name: 'an expired link', prepare: async () => db().updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute(), host: 'localhost' },
    { name: 'a link of provider 1 used on provider 2', prepare: async () => undefined, host: 'wl2.localhost' },
    { name: 'an unknown link', prepare: async () => db().deleteFrom('password_reset_tokens').execute(), host: 'localhost' },
  ])('$name answers 400 reset_token_invalid', async ({ prepare, host }) => {
    const token = await freshLink();
    await prepare();
    const { status, body } = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: token, password: NEW_PASSWORD }, { host });
    expect(status).toBe(400);
    expect(body.error_message.code).toBe('reset_token_invalid');
  });

  it('only the newest link works, and a second request within a minute sends no second mail', async () => {
    const first = await freshLink();
    await forget(DEMO_MEMBER.email);
    expect(await latestResetToken(db(), DEMO_MEMBER.email)).toBe(first);
    await db().updateTable('password_reset_tokens').set({ created_at: new Date(Date.now() - 61_000) } as never).execute();
    await forget(DEMO_MEMBER.email);
    const second = await latestResetToken(db(), DEMO_MEMBER.email);
    expect(second).not.toBe(first);
    const old = await call(t.app, 'POST', '/v1/users/resetPassword', { reset_token: first, password: NEW_PASSWORD });
    expect(old.body.error_message.code).toBe('reset_token_invalid');
  });

  it.each([
    { path: '/v1/users/forgetPassword', body: {}, field: 'email' },
    { path: '/v1/users/forgetPassword', body: { email: 'not-an-email' }, field: 'email' },
    { path: '/v1/users/resetPassword', body: { password: NEW_PASSWORD }, field: 'reset_token' },
    { path: '/v1/users/resetPassword', body: { reset_token: 'x', password: 'short' }, field: 'password' },
  ])('$path with $body answers 400 with a field error on $field', async ({ path, body, field }) => {
    const { status, body: answer } = await call(t.app, 'POST', path, body);
    expect(status).toBe(400);
    expect(Object.keys(answer.error_message.fields)).toContain(field);
  });
});
