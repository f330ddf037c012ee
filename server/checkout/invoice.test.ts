// After a guest checkout is paid (the card authorised, then captured once the guest's codes clear it:
// clear-test-kit.ts), on every test database: its invoice number (consecutive per provider, also when two
// checkouts are cleared at once), the invoice and its PDF agreeing with the checkout, the receipt
// mailed once, registering from the checkout (history kept, first sign-in marked for /buy), a coupon
// applied to the checkout's price and counted once, and GET /verify/id/{orderId}.

import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deliverAll } from './checkout-test-kit.ts';
import { coinPrice } from '#core/coin-price.ts';
import { formatMinor } from '#core/money.ts';
import { ORIGIN, randomIp, signIn } from '../identity/session-test-kit.ts';
import { REJECTED_PAYOUT_ADDRESSES } from '../chain/test-network-payout.ts';
import { checkLedger } from '../ledger/index.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { sendCheckoutReceipts } from './checkout-receipts.ts';
import { clearWithCodes, proveChannel } from './clear-test-kit.ts';

const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const CARD = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Ana García' };
const THREE_DS_CARD = { ...CARD, number: '4000 0027 6000 3184' };
const PASSWORD = 'Guest-turned-member-2026';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;
/** Each checkout its own mobile number: one file's many code sends to one number would reach the per-destination cap. */
function uniqueMobile(): string {
  counter += 1;
  const n = `${(Date.now() % 100_000) * 100 + (counter % 100)}`.padStart(7, '0').slice(-7);
  return `+34 6${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}0`;
}
const billingFor = (email: string) => ({
  firstName: 'Ana',
  lastName: 'García',
  email,
  mobile: uniqueMobile(),
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'es', zipCode: '28013' },
});

async function send(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, body?: unknown, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN, ...extra };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const options: InjectOptions = { method, url, headers, remoteAddress: randomIp() };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  const response = await app.inject(options);
  const json = response.headers['content-type']?.toString().startsWith('application/json') ? response.json<any>() : null;
  return { status: response.statusCode, body: json, response };
}

describe.each(testDatabases())('the invoice, receipt, registration and coupons of a guest checkout on $name', ({ name }) => {
  const t = useTestApp(name);

  async function started(email = `ana-${unique()}@example.com`, address = ADDRESS, method?: 'SEPA') {
    const init = await send(t.app, 'POST', '/v1/checkout/init', null, { test: true, cryptoAddress: address, ...(method ? { payment_method: method } : {}) });
    expect(init.status).toBe(200);
    const token = init.body.data.flow_token as string;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', token, billingFor(email))).status).toBe(200);
    return { id: init.body.data.checkout._id as string, token, email };
  }
  /** The card step as the guest sends it: authorised (held) while the codes were not entered yet. */
  const pay = (token: string, card = CARD) => send(t.app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card }, { 'idempotency-key': `key-${unique()}` });
  async function authorise(token: string) {
    const answer = await pay(token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.outcome).toBe('authorized');
    return answer;
  }
  /** Authorised, then cleared by the codes (clear-test-kit.ts): successful and numbered; answers paynet/deposit's answer. */
  async function payAndClear(checkout: { id: string; token: string }) {
    const payment = await authorise(checkout.token);
    expect(await clearWithCodes(t.app, checkout.id, checkout.token)).toMatchObject({ status: 'successful', cleared: true });
    return payment;
  }
  async function paid(email?: string, address?: string) {
    const checkout = await started(email, address);
    await payAndClear(checkout);
    return checkout;
  }
  const row = (id: string) => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  /** The mails to this address since the checkout was paid (the verification codes went before). */
  const mailsTo = async (email: string) => {
    const paidAt = await t.app.db.selectFrom('guest_checkouts').select('invoiced_at').where('email', '=', email).where('invoiced_at', 'is not', null).orderBy('invoiced_at', 'desc').executeTakeFirstOrThrow();
    return t.app.db.selectFrom('dev_outbox').selectAll().where('recipient', '=', email).where('channel', '=', 'email').where('created_at', '>=', paidAt.invoiced_at!).execute();
  };
  /**
   * The receipt mails once one is out. The app's own worker may have claimed the receipt before the test's run
   * did (then that run finds nothing to claim) and still be mailing it: wait for it, a few seconds at most.
   */
  const receiptMailsTo = async (email: string) => {
    for (let waited = 0; ; waited += 50) {
      const mails = await mailsTo(email);
      if (mails.length > 0 || waited >= 5_000) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('gives paid checkouts consecutive invoice numbers, also when two are cleared at once, and none to an unpaid or held one', async () => {
    const first = await paid();
    const [a, b] = await Promise.all([started(), started()]);
    const unpaid = await started();
    for (const c of [a, b]) {
      await authorise(c.token);
      await proveChannel(t.app, c.id, c.token, 'email');
    }
    // A held card is not paid yet: no number until its clearance captures it.
    expect((await row(a.id)).invoice_number).toBeNull();
    const held = await send(t.app, 'GET', `/v1/checkout/invoice/${a.id}`, a.token);
    expect(held.body.error_message.code).toBe('checkout_not_paid');
    // The last codes of both at once: both captured in parallel transactions.
    const answers = await Promise.all([proveChannel(t.app, a.id, a.token, 'mobile'), proveChannel(t.app, b.id, b.token, 'mobile')]);
    expect(answers.map((answer) => answer.status)).toEqual(['successful', 'successful']);
    const numbers = await Promise.all([first, a, b].map(async (c) => (await row(c.id)).invoice_number));
    const [n0 = 0n, n1, n2] = numbers as bigint[];
    expect([n1, n2].sort()).toEqual([n0 + 1n, n0 + 2n]);
    expect((await row(unpaid.id)).invoice_number).toBeNull();
    const refused = await send(t.app, 'GET', `/v1/checkout/invoice/${unpaid.id}`, unpaid.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error_message.code).toBe('checkout_not_paid');
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('answers the invoice with the checkout\'s own figures, its delivery as it changes, and a PDF that holds the invoice number', async () => {
    const { id, token, email } = await paid();
    const before = await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token);
    expect(before.status).toBe(200);
    const stored = await row(id);
    const invoice = before.body.data;
    expect(invoice).toMatchObject({
      invoice_number: `INV-${String(stored.invoice_number).padStart(6, '0')}`,
      checkout_id: id,
      payment_method: 'Credit Card',
      buyer: { name: 'Ana García', email, billing: { address1: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013', country: 'ES' } },
      paid: {
        currency: 'EUR',
        amount: formatMinor(stored.fiat_amount_minor, 'EUR'),
        fee: formatMinor(stored.fee_minor, 'EUR'),
        net: formatMinor(stored.fiat_amount_minor - stored.fee_minor, 'EUR'),
      },
      rate: stored.rate,
      coins: { currency: 'BTC', amount: formatMinor(stored.crypto_amount_minor, 'BTC'), address: ADDRESS },
      delivery: { state: 'sending', txid: null, delivered_at: null },
    });
    expect(invoice.seller.name).not.toBe('');
    await deliverAll(t.app);
    const after = await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token);
    expect(after.body.data.delivery.state).toBe('sent');
    expect(after.body.data.delivery.txid).toBe((await row(id)).delivery_txid);

    const pdf = await send(t.app, 'GET', `/v1/checkout/invoice/${id}/pdf`, token);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.invoice_number}.pdf"`);
    const bytes = pdf.response.rawPayload.toString('latin1');
    expect(bytes.startsWith('%PDF')).toBe(true);
    expect(bytes).toContain(`Invoice ${invoice.invoice_number}`);
  });

  it('says a delivery the network refused is rejected, and mails no receipt for coins that were not sent', async () => {
    const { id, token, email } = await paid(undefined, REJECTED_PAYOUT_ADDRESSES.bitcoin);
    await deliverAll(t.app);
    await sendCheckoutReceipts(t.app.db, t.app.notifier.mailer);
    const invoice = await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token);
    expect(invoice.body.data.delivery).toEqual({ state: 'rejected', txid: null, delivered_at: null });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('never shows another checkout\'s invoice: its id with this flow token is 404', async () => {
    const mine = await paid();
    const other = await paid();
    const answer = await send(t.app, 'GET', `/v1/checkout/invoice/${other.id}`, mine.token);
    expect(answer.status).toBe(404);
    expect((await send(t.app, 'GET', `/v1/checkout/invoice/${other.id}/pdf`, mine.token)).status).toBe(404);
  });

  it('mails the receipt once the coins are sent, exactly once, with the invoice number and figures', async () => {
    const { id, token, email } = await paid();
    // (The app's own workers run too, so the receipt may go any moment after the delivery; never before it.)
    await deliverAll(t.app);
    // Two workers at once, then a third run: one mail.
    await Promise.all([sendCheckoutReceipts(t.app.db, t.app.notifier.mailer), sendCheckoutReceipts(t.app.db, t.app.notifier.mailer)]);
    await sendCheckoutReceipts(t.app.db, t.app.notifier.mailer);
    const mails = await receiptMailsTo(email);
    expect(mails).toHaveLength(1);
    const stored = await row(id);
    expect(stored.receipt_sent_at!.getTime()).toBeGreaterThanOrEqual(stored.delivered_at!.getTime());
    const invoice = (await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token)).body.data;
    expect(mails[0]!.subject).toContain(invoice.invoice_number);
    expect(mails[0]!.text).toContain(`${invoice.paid.amount} EUR`);
    expect(mails[0]!.text).toContain(invoice.delivery.txid);
    // The price as the order and the invoice page show it: one coin in the fiat.
    expect(mails[0]!.text).toContain(`1 BTC = ${coinPrice(invoice.rate, 'EUR')} EUR`);
  });

  it('mails the receipt in the language the checkout was started in', async () => {
    const email = `lengua-${unique()}@example.com`;
    const init = await send(t.app, 'POST', '/v1/checkout/init', null, { test: true, cryptoAddress: ADDRESS }, { 'accept-language': 'es-ES,es;q=0.9' });
    const token = init.body.data.flow_token as string;
    expect((await row(init.body.data.checkout._id)).language).toBe('es');
    await send(t.app, 'POST', '/v1/checkout/billing', token, billingFor(email));
    await payAndClear({ id: init.body.data.checkout._id, token });
    await deliverAll(t.app);
    await sendCheckoutReceipts(t.app.db, t.app.notifier.mailer);
    const [mail] = await receiptMailsTo(email);
    expect(mail?.subject).toMatch(/^Tu recibo/);
    expect(mail?.text).toContain('Total pagado');
  });

  it('registers the guest as a member who keeps the purchase and lands on /buy at the first sign-in only', async () => {
    const email = `keeper-${unique()}@example.com`;
    const earlier = await paid(email);
    const { id, token } = await paid(email);
    // The guest proved the e-mail by code in the flow (paying needs it): the earlier purchase with it comes along too.
    expect((await row(id)).email_verified).toBe(true);
    const made = await send(t.app, 'POST', '/v1/users/checkout/register', token, { password: PASSWORD });
    expect(made.status).toBe(200);
    expect(made.body.data).toEqual({ email, email_verified: true, linked_checkouts: 2 });
    const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Ana', last_name: 'García', email_verified: true, first_login_at: null });
    expect((await row(earlier.id)).user_id).toBe(user.id);

    const again = await send(t.app, 'POST', '/v1/users/checkout/register', token, { password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.error_message.code).toBe('checkout_member_exists');

    const session = await signIn(t.app, email, PASSWORD);
    const me = await send(t.app, 'GET', '/v1/users/me', session.credential);
    expect(me.body.request_details.user_info.registrationAttempt).toBe(true);
    const history = await send(t.app, 'GET', '/v1/transactions/getTransactions', session.credential);
    const buys = history.body.request_details.transactions as { type: string; operation: string; reference: string; amount_2: string }[];
    const invoices = await Promise.all([earlier.id, id].map(async (c) => `INV-${String((await row(c)).invoice_number).padStart(6, '0')}`));
    expect(buys.map((b) => [b.type, b.operation, b.reference]).sort()).toEqual(invoices.map((n) => ['conversion', 'buy', n]).sort());
    expect(buys.find((b) => b.reference === invoices[1])?.amount_2).toBe(formatMinor((await row(id)).crypto_amount_minor, 'BTC'));

    const second = await signIn(t.app, email, PASSWORD);
    const later = await send(t.app, 'GET', '/v1/users/me', second.credential);
    expect(later.body.request_details.user_info.registrationAttempt).toBeUndefined();
  });

  it('lists a checkout paid after its guest registered in the member\'s transactions once it is paid', async () => {
    const { id, token, email } = await started();
    const made = await send(t.app, 'POST', '/v1/users/checkout/register', token, { password: PASSWORD });
    expect(made.body.data.linked_checkouts).toBe(1);
    const session = await signIn(t.app, email, PASSWORD);
    const list = async () => (await send(t.app, 'GET', '/v1/transactions/getTransactions', session.credential)).body.request_details.transactions as { reference: string }[];
    expect(await list()).toEqual([]);
    // Held, it is not a purchase yet; cleared, it is.
    await authorise(token);
    expect(await list()).toEqual([]);
    await clearWithCodes(t.app, id, token);
    const invoice = (await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token)).body.data;
    expect((await list()).map((entry) => entry.reference)).toEqual([invoice.invoice_number]);
  });

  it('links only this checkout when the e-mail was never proven, and refuses an e-mail that is already a member\'s', async () => {
    const email = `unproven-${unique()}@example.com`;
    const earlier = await paid(email);
    // Paying proves the e-mail by code, so the checkout that never proved it is one registered from before paying.
    const { id, token } = await started(email);
    const made = await send(t.app, 'POST', '/v1/users/checkout/register', token, { password: PASSWORD });
    expect(made.body.data).toEqual({ email, email_verified: false, linked_checkouts: 1 });
    expect((await row(id)).user_id).not.toBeNull();
    expect((await row(earlier.id)).user_id).toBeNull();
    const weak = await send(t.app, 'POST', '/v1/users/checkout/register', (await paid()).token, { password: 'short' });
    expect(weak.status).toBe(400);
  });

  describe('coupons', () => {
    async function coupon(values: { code?: string; percent?: string; valid_from?: Date | null; expires_at?: Date | null; max_uses?: number | null; uses?: number } = {}) {
      const provider = await t.app.db.selectFrom('provider_hosts').select('provider_id').where('host', '=', 'localhost').executeTakeFirstOrThrow();
      const code = values.code ?? `C${unique().toUpperCase()}`;
      await t.app.db
        .insertInto('coupons')
        .values({ provider_id: provider.provider_id, code, fee_discount_percent: values.percent ?? '50', valid_from: values.valid_from ?? null, expires_at: values.expires_at ?? null, max_uses: values.max_uses ?? null })
        .execute();
      if (values.uses) await t.app.db.updateTable('coupons').set({ uses: values.uses }).where('code', '=', code).execute();
      return code;
    }
    const usesOf = async (code: string) => (await t.app.db.selectFrom('coupons').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses;

    it('applies a coupon to the checkout\'s price (lower fee, more coins, same amount) and counts it once, when paid', async () => {
      const code = await coupon({ percent: '50', max_uses: 5 });
      const { id, token } = await started();
      const before = await row(id);
      const applied = await send(t.app, 'POST', `/v1/coupons/validate/${id}`, token, { code: code.toLowerCase() });
      expect(applied.status).toBe(200);
      const after = await row(id);
      expect(after.fiat_amount_minor).toBe(before.fiat_amount_minor);
      expect(after.fee_minor).toBeLessThan(before.fee_minor);
      expect(after.crypto_amount_minor).toBeGreaterThanOrEqual(before.crypto_amount_minor);
      expect(applied.body.data).toMatchObject({ coupon_code: code, fee_discount_percent: '50', fee_before: formatMinor(before.fee_minor, 'EUR'), checkout: { fiatCurrency: { fee: formatMinor(after.fee_minor, 'EUR') } } });
      expect(await usesOf(code)).toBe(0);
      // The rates read with the coupon shows the same discount.
      const rates = await send(t.app, 'GET', `/v1/checkout/getRates?coupon_code=${code}`, null);
      expect(rates.body.data.coupon.fee_discount_percent).toBe('50.00');

      const payment = await payAndClear({ id, token });
      expect(payment.body.data.checkout.fiatCurrency.fee).toBe(formatMinor(after.fee_minor, 'EUR'));
      expect(await usesOf(code)).toBe(1);
      await deliverAll(t.app);
      await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token);
      expect(await usesOf(code)).toBe(1);
      expect((await send(t.app, 'GET', `/v1/checkout/invoice/${id}`, token)).body.data.coupon_code).toBe(code);
      const late = await send(t.app, 'POST', `/v1/coupons/validate/${id}`, token, { code });
      expect(late.body.error_message.code).toBe('checkout_status_invalid');
      expect((await checkLedger(t.app.db)).violations).toEqual([]);
    });

    it('reprices without the coupon a checkout whose coupon was used up by another payment meanwhile', async () => {
      const code = await coupon({ percent: '100', max_uses: 1 });
      const first = await started();
      const second = await started();
      const full = (await row(second.id)).fee_minor;
      for (const c of [first, second]) expect((await send(t.app, 'POST', `/v1/coupons/validate/${c.id}`, c.token, { code })).status).toBe(200);
      await payAndClear(first);
      expect(await usesOf(code)).toBe(1);
      const repriced = await pay(second.token);
      expect(repriced.body.data.outcome).toBe('repriced');
      expect(repriced.body.data.checkout.fiatCurrency.fee).toBe(formatMinor(full, 'EUR'));
      expect((await row(second.id)).coupon_id).toBeNull();
      // Paying again at the new price charges the full fee and counts no use past the maximum.
      const payment = await payAndClear(second);
      expect(payment.body.data.checkout.fiatCurrency.fee).toBe(formatMinor(full, 'EUR'));
      expect(await usesOf(code)).toBe(1);
    });

    it('counts a coupon only when the held card is captured, not when it is authorised', async () => {
      const code = await coupon({ percent: '50', max_uses: 5 });
      const checkout = await started();
      expect((await send(t.app, 'POST', `/v1/coupons/validate/${checkout.id}`, checkout.token, { code })).status).toBe(200);
      await authorise(checkout.token);
      expect(await usesOf(code)).toBe(0);
      await clearWithCodes(t.app, checkout.id, checkout.token);
      expect(await usesOf(code)).toBe(1);
    });

    it.each([
      { case: 'a card waiting for its 3-D Secure challenge', status: 'pending' },
      { case: 'a held (authorised) card', status: 'authorized' },
      { case: 'a wire whose price was fixed (awaiting the money)', status: 'pending' },
    ])('never changes the price of $case', async ({ case: name, status }) => {
      const code = await coupon({ percent: '50' });
      const checkout = name.startsWith('a wire') ? await started(undefined, ADDRESS, 'SEPA') : await started();
      if (name.startsWith('a wire')) {
        // The identity step is another part's (a bank method needs it): here the guest is verified directly.
        await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, mobile_verified: true, verified_id: 1 }).where('public_id', '=', checkout.id).execute();
        const wire = await send(t.app, 'POST', '/v1/paynet/wirePreAuth', checkout.token, {}, { 'idempotency-key': `key-${unique()}` });
        expect(wire.status, JSON.stringify(wire.body)).toBe(200);
      } else if (name.includes('3-D Secure')) {
        const asked = await pay(checkout.token, THREE_DS_CARD);
        expect(asked.body.data.outcome).toBe('three_d_secure');
      } else {
        await authorise(checkout.token);
      }
      const before = await row(checkout.id);
      expect(before.status).toBe(status);
      const answer = await send(t.app, 'POST', `/v1/coupons/validate/${checkout.id}`, checkout.token, { code });
      expect(answer.status).toBe(409);
      expect(answer.body.error_message.code).toBe('checkout_status_invalid');
      const after = await row(checkout.id);
      expect([after.fee_minor, after.crypto_amount_minor, after.rate, after.coupon_id]).toEqual([before.fee_minor, before.crypto_amount_minor, before.rate, null]);
      expect(await usesOf(code)).toBe(0);
    });

    it.each([
      ['unknown', {}, 'NO-SUCH-CODE', 404, 'coupon_invalid'],
      ['expired', { expires_at: new Date(Date.now() - 60_000) }, null, 410, 'coupon_expired'],
      ['not started', { valid_from: new Date(Date.now() + 86_400_000) }, null, 409, 'coupon_not_yet_valid'],
      ['used up', { max_uses: 2, uses: 2 }, null, 409, 'coupon_used_up'],
    ] as const)('refuses a coupon that is %s and leaves the price alone', async (_name, values, given, status, code) => {
      const made = await coupon(values);
      const { id, token } = await started();
      const before = await row(id);
      const answer = await send(t.app, 'POST', `/v1/coupons/validate/${id}`, token, { code: given ?? made });
      expect(answer.status).toBe(status);
      expect(answer.body.error_message.code).toBe(code);
      const after = await row(id);
      expect([after.fee_minor, after.crypto_amount_minor, after.coupon_id]).toEqual([before.fee_minor, before.crypto_amount_minor, null]);
    });

    it('lets the console create, list, change and delete coupons, and refuses a taken code', async () => {
      const admin = await operatorSession(t.app, 'admin');
      const code = `CONSOLE${unique().toUpperCase()}`;
      const made = await send(t.app, 'POST', '/v1/admin/coupons', null, { code: code.toLowerCase(), fee_discount_percent: '25', max_uses: 3 }, admin);
      expect(made.status).toBe(200);
      expect(made.body.request_details).toMatchObject({ code, fee_discount_percent: '25', max_uses: 3, uses: 0, state: 'usable' });
      const taken = await send(t.app, 'POST', '/v1/admin/coupons', null, { code, fee_discount_percent: '5' }, admin);
      expect(taken.body.error_message.code).toBe('coupon_code_taken');
      const couponId = made.body.request_details.id as string;
      const changed = await send(t.app, 'PUT', `/v1/admin/coupons/${couponId}`, null, { code, fee_discount_percent: '30', expires_at: '2020-01-01T00:00:00Z' }, admin);
      expect(changed.body.request_details).toMatchObject({ fee_discount_percent: '30', state: 'expired', max_uses: null });
      const listed = await send(t.app, 'GET', '/v1/admin/coupons', null, undefined, admin);
      expect(listed.body.request_details.coupons.map((c: { code: string }) => c.code)).toContain(code);
      const gone = await send(t.app, 'DELETE', `/v1/admin/coupons/${couponId}`, null, undefined, admin);
      expect(gone.body.request_details.coupons.map((c: { code: string }) => c.code)).not.toContain(code);
      const audit = await t.app.db.selectFrom('audit_log').select('action').where('target_type', '=', 'coupon').where('target_id', '=', couponId).execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['coupons.create', 'coupons.delete', 'coupons.update']);
      const support = await operatorSession(t.app, 'support');
      expect((await send(t.app, 'GET', '/v1/admin/coupons', null, undefined, support)).status).toBe(403);
    });
  });

  it('answers the checkout\'s verification state at /verify/id/{orderId}', async () => {
    const { id, token } = await started();
    const before = await send(t.app, 'GET', `/v1/verify/id/${id}?is_flow=1&ip=127.0.0.1`, token);
    expect(before.body.data).toEqual({ orderId: id, verified: { email: false, mobile: false, id: 3 }, compliance: 'review' });
    // The identity alone is not compliance: the codes are part of it (flow-user-verified.ts).
    await t.app.db.updateTable('guest_checkouts').set({ email_verified: true, verified_id: 1 }).where('public_id', '=', id).execute();
    const partly = await send(t.app, 'GET', `/v1/verify/id/${id}`, token);
    expect(partly.body.data).toEqual({ orderId: id, verified: { email: true, mobile: false, id: 3 }, compliance: 'review' });
    await t.app.db.updateTable('guest_checkouts').set({ mobile_verified: true }).where('public_id', '=', id).execute();
    const after = await send(t.app, 'GET', `/v1/verify/id/${id}`, token);
    expect(after.body.data).toEqual({ orderId: id, verified: { email: true, mobile: true, id: 1 }, compliance: 'successful' });
    const other = await started();
    expect((await send(t.app, 'GET', `/v1/verify/id/${other.id}`, token)).status).toBe(404);
  });
});
