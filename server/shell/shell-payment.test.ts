// The widget's shell carries its first screen: when a sys-widget address names a payment the server finds,
// its BootData holds exactly what the three public calls answer (merchant, details, status); otherwise the
// shell is the one it always was, and the widget asks the API and shows its not-found page as before.
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { BootData } from '#core/boot.ts';
import { BootPaymentSchema } from '#core/boot-payment.ts';
import { createOrder, mapi, payOnTestNetwork } from '../payments/payment-test-kit.ts';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

const MERCHANT = 'mch_demo_verdant';
const NOBODYS_TOKEN = `pay_${'Q'.repeat(22)}`;

function bootOf(html: string): BootData {
  const match = /<script id="wl-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no wl-boot block in the page');
  return JSON.parse(match[1]) as BootData;
}

const widgetUrl = (path: string, merchantId: string, token: string) => `/sys-widget${path}?merchant_id=${encodeURIComponent(merchantId)}&transaction_id=${encodeURIComponent(token)}`;

describe.each(testDatabases())('the widget shell carries its payment on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { distDir: dist.dir });
  const secretKey = () => t.seed?.merchant.secretKey ?? '';
  const shell = (url: string) => t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } });
  /** What the widget would otherwise ask for first, through the public calls. */
  const calls = async (token: string) => {
    const [merchant, details, status] = await Promise.all([
      mapi(t.app, 'GET', `/mapi/api/merchant?merchant_id=${MERCHANT}`),
      mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: MERCHANT, transaction_id: token }),
      mapi(t.app, 'POST', '/mapi/api/transaction/status', { merchant_id: MERCHANT, transaction_id: token }),
    ]);
    for (const answer of [merchant, details, status]) expect(answer.status).toBe(200);
    return { merchant: merchant.body.request_details, details: details.body.request_details, status: status.body.request_details };
  };

  it.each(['/', '/home', '/payment', '/payment-detected', '/payment-success', '/redirect'])(
    'a known payment on %s: the state is what the merchant, details and status calls answer, stored nowhere',
    async (path) => {
      const order = await createOrder(t.app, secretKey());
      const response = await shell(widgetUrl(path, MERCHANT, order.transaction_token));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const boot = bootOf(response.body);
      expect(v.is(BootPaymentSchema, boot.payment)).toBe(true);
      expect(boot.payment).toEqual(await calls(order.transaction_token));
    },
  );

  it("the frame pay.js opens (its merchantId and the token, mode=overlay): the same state, and the page tells other sites no more than its origin", async () => {
    const order = await createOrder(t.app, secretKey());
    const response = await shell(`/sys-widget/payment?mode=overlay&merchantId=${MERCHANT}&token=${order.transaction_token}`);
    expect(response.statusCode).toBe(200);
    expect(bootOf(response.body).payment).toEqual(await calls(order.transaction_token));
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a payment that money reached: the shell shows it processing, as the status call does', async () => {
    const order = await createOrder(t.app, secretKey());
    await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
    const boot = bootOf((await shell(widgetUrl('/payment-detected', MERCHANT, order.transaction_token))).body);
    const answers = await calls(order.transaction_token);
    expect(answers.status.status).toBe('processing');
    expect(boot.payment).toEqual(answers);
  });

  it("a payment without its coin: the coins to choose from, as the details call answers them (amounts at the second's rate)", async () => {
    const order = await createOrder(t.app, secretKey(), { currency_1_iso: undefined });
    const boot = bootOf((await shell(widgetUrl('/home', MERCHANT, order.transaction_token))).body) as BootData & { payment: { details: Record<string, unknown> } };
    const answers = await calls(order.transaction_token);
    // The test price feed moves every second, so an option's amount may differ by a tick between two reads.
    const withoutAmounts = (details: Record<string, any>) => ({ ...details, currency_options: details.currency_options.map(({ iso, name }: Record<string, string>) => ({ iso, name })) });
    expect(withoutAmounts(boot.payment.details)).toEqual(withoutAmounts(answers.details));
    expect(boot.payment).toMatchObject({ merchant: answers.merchant, status: answers.status });
  });

  it('a product name cannot break out of the data block: the state reads back as written', async () => {
    const product = '</script><script>alert(1)</script> \u2028 <!--';
    const order = await createOrder(t.app, secretKey(), { transaction_product: product });
    const html = (await shell(widgetUrl('/payment', MERCHANT, order.transaction_token))).body;
    expect(html).not.toContain('<script>alert(1)');
    expect((bootOf(html).payment as { details: { product: string } }).details.product).toBe(product);
  });

  it('nothing secret: no key, secret or hash of the merchant is in the page', async () => {
    const order = await createOrder(t.app, secretKey());
    const html = (await shell(widgetUrl('/payment', MERCHANT, order.transaction_token))).body;
    const keyHash = await t.app.db.selectFrom('merchant_api_keys').select('key_hash').executeTakeFirstOrThrow();
    for (const secret of [secretKey(), keyHash.key_hash, 'sk_test_', 'whsec_']) expect(html).not.toContain(secret);
    expect(JSON.stringify(bootOf(html).payment)).not.toMatch(/secret|password|_hash|api_key|webhook/i);
  });

  describe('no payment in the shell, and the page as it was before', () => {
    const cases = [
      { why: 'a well-formed token nobody has', url: () => widgetUrl('/payment', MERCHANT, NOBODYS_TOKEN), status: 200 },
      { why: 'an unknown merchant', url: (token: string) => widgetUrl('/payment', 'mch_nobody_here', token), status: 200 },
      { why: 'a malformed token', url: () => widgetUrl('/payment', MERCHANT, 'pay_short'), status: 200 },
      { why: 'two tokens', url: (token: string) => `${widgetUrl('/payment', MERCHANT, token)}&transaction_id=${token}`, status: 200 },
      { why: 'a path the widget has no page for', url: (token: string) => widgetUrl('/login', MERCHANT, token), status: 404 },
      { why: 'an unsupported language', url: (token: string) => `${widgetUrl('/payment', MERCHANT, token)}&lang=xx`, status: 404 },
      { why: 'another module (the guest flow)', url: (token: string) => `/sys-flow/?merchant_id=${MERCHANT}&transaction_id=${token}`, status: 200 },
    ];
    it.each(cases)('$why: HTTP $status without a payment, revalidated as before', async ({ url, status }) => {
      const order = await createOrder(t.app, secretKey());
      const target = url(order.transaction_token);
      const response = await shell(target);
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('no-cache');
      const boot = bootOf(response.body);
      expect(boot).not.toHaveProperty('payment');
      // The same shell the address without ids gets (the widget then asks the API, as it always did).
      const withoutIds = bootOf((await shell(target.replace(/merchant_id=[^&]*&transaction_id=[^&]*/, 'x=1'))).body);
      expect(boot).toEqual({ ...withoutIds, status });
    });
  });
});

describe.each(testDatabases())('a widget shell that reads a payment counts against the address on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { distDir: dist.dir, rateLimit: { max: 2, timeWindowMs: 60_000 } });
  const shell = (url: string) => t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' }, remoteAddress: '198.51.100.7' });

  it('named ids: the third in the window is refused with 429 and Retry-After; the shell without ids never is', async () => {
    const named = widgetUrl('/payment', MERCHANT, NOBODYS_TOKEN);
    expect((await shell(named)).statusCode).toBe(200);
    expect((await shell(named)).statusCode).toBe(200);
    const refused = await shell(named);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i += 1) expect((await shell('/sys-widget/home?lang=en')).statusCode).toBe(200);
  });
});
