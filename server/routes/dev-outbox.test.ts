import { describe, expect, it } from 'vitest';
import { isLoopback } from './dev-outbox.ts';
import { OutboxMailer, OutboxSms } from '../notifications/outbox.ts';
import { buildTestApp, testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('the dev outbox on $name', ({ name }) => {
  const t = useTestApp(name);

  async function send(to: string, text: string, subject = 'Hello') {
    await new OutboxMailer(t.database.db).send({ providerId: null, to, subject, text, html: `<p>${text}</p>` });
  }

  it('GET /dev/outbox lists the latest messages newest first, escaped', async () => {
    await send('first@example.test', 'Your code is 111111.');
    await send('second@example.test', 'Hi <script>alert(1)</script> code 222222', '<b>Subject</b>');
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;Subject&lt;/b&gt;');
    expect(html.indexOf('222222')).toBeLessThan(html.indexOf('111111'));
  });

  it('GET /dev/outbox?to= shows only that recipient', async () => {
    await send('only@example.test', 'Code 333333 for you.');
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=ONLY@example.test', headers: { host: 'localhost' } });
    expect(response.body).toContain('333333');
    expect(response.body).not.toContain('111111');
  });

  it('GET /dev/outbox/latest?to=&format=json answers the newest message with its code picked out', async () => {
    await send('latest@example.test', 'Old code 444444.');
    await send('latest@example.test', 'New code 555555.');
    await new OutboxSms(t.database.db).send({ providerId: null, to: '+447700900999', text: 'Brand: your verification code is 666666.' });
    const mail = await t.app.inject({ method: 'GET', url: '/dev/outbox/latest?to=latest@example.test&format=json', headers: { host: 'localhost' } });
    expect(mail.statusCode).toBe(200);
    expect(mail.json().request_details).toMatchObject({ recipient: 'latest@example.test', channel: 'email', code: '555555', reset_token: null });
    const sms = await t.app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${encodeURIComponent('+44 7700 900999')}&format=json`, headers: { host: 'localhost' } });
    expect(sms.json().request_details).toMatchObject({ channel: 'sms', code: '666666' });
  });

  it.each(['/dev/outbox', '/dev/outbox/latest?to=first@example.test'])('%s answers 404 to another machine, as if it did not exist', async (url) => {
    await send('first@example.test', 'Your code is 111111.');
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' }, remoteAddress: '192.168.1.20' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('111111');
  });

  it('a link in a message is clickable on the page, and a recipient filter form is there', async () => {
    await send('link@example.test', 'Open http://localhost:8080/sys-wallets/change-password?reset=tok_1"x now.');
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=link@example.test', headers: { host: 'localhost' } });
    expect(response.body).toContain('<a href="http://localhost:8080/sys-wallets/change-password?reset=tok_1&quot;x">Open the link</a>');
    expect(response.body).toContain('<input name="to" value="link@example.test"');
  });

  it.each([
    { kind: 'a reset link', to: 'reset@example.test', text: 'Open http://localhost:8080/sys-wallets/change-password?reset=abc_DEF-123 now.', reset_token: 'abc_DEF-123', login_token: null },
    { kind: 'a sign-in link', to: 'signin@example.test', text: 'Open http://localhost:8080/sys-wallets/login/token?token=xyz_GHI-456 now.', reset_token: null, login_token: 'xyz_GHI-456' },
  ])('$kind\'s token is picked out too', async ({ to, text, reset_token, login_token }) => {
    await send(to, text);
    const response = await t.app.inject({ method: 'GET', url: `/dev/outbox/latest?to=${to}`, headers: { host: 'localhost' } });
    expect(response.json().request_details).toMatchObject({ reset_token, login_token });
  });

  it.each([
    { url: '/dev/outbox/latest?to=nobody@example.test', status: 404 },
    { url: '/dev/outbox/latest', status: 400 },
    { url: '/dev/outbox/latest?to=a@b.test&format=xml', status: 400 },
  ])('$url answers $status', async ({ url, status }) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(status);
    expect(response.json().request_status).toBe('0');
  });
});

describe('the dev outbox in live mode', () => {
  it.each(['/dev/outbox', '/dev/outbox/latest?to=member@demo.test'])('%s does not exist (404)', async (url) => {
    const live = await buildTestApp('pglite', { env: { MODE: 'live', APP_SECRET: 'k'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@verdant.example' } });
    try {
      const response = await live.app.inject({ method: 'GET', url, headers: { host: 'localhost', accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('who may read the dev outbox', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', false],
    ['192.168.0.10', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
    [undefined, false],
  ] as const)('%s is this machine: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});
