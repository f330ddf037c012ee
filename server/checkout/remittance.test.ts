// The remittance flow through the API, on every test database: the sender (the flow user of a checkout
// started with flow 'remit') names the recipient (validated: address for the coin's network, IBAN check
// digits, the currency pair, the way they are told), pays by card as the buy flow does (authorised, then
// captured once the codes clear it: clear-test-kit.ts), and the worker
// delivers once: coins to the address on the test network, or fiat to the IBAN through the real test bank
// over HTTP (credited: the reservation posted; refused: voided and marked rejected). The recipient is told
// once, by e-mail or SMS. The ledger is checked after each journey.

import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_IBAN } from '../../test-bank/payouts.ts';
import { startBank, type RunningBank } from '../../test-bank/server.ts';
import type { Env } from '../env.ts';
import { checkLedger } from '../ledger/index.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { bankSecretFor } from '../online-banking/bank-secret.ts';
import { sendBankPayout } from '../online-banking/bank-payout.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { clearWithCodes } from './clear-test-kit.ts';
import { notifyRecipients } from './notify-recipients.ts';
import { ADDRESS, CARD, flowSend as send, deliverAll } from './checkout-test-kit.ts';

const IBAN = 'DE89 3704 0044 0532 0130 00';
const SENDER = {
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  mobile: '+34 600 123 456',
  dateOfBirth: '1990-04-12',
  billing: { address1: 'Calle Mayor 12', city: 'Madrid', country: 'es', zipCode: '28013' },
};

let counter = 0;
const next = () => (counter += 1);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe.each(testDatabases())('remittances on $name', ({ name }) => {
  const env: Partial<Env> = {};
  let bank: RunningBank;
  beforeAll(async () => {
    const bankPort = await freePort();
    Object.assign(env, { TEST_BANK_PORT: bankPort });
    bank = await startBank({ secret: bankSecretFor({ APP_SECRET: undefined }), port: bankPort });
  });
  afterAll(async () => {
    await bank?.close();
  });
  const t = useTestApp(name, { env });

  /** A test-route remittance (30.00 EUR, within the basic level's limit) with the sender's details saved. */
  async function started(init: Record<string, unknown> = {}) {
    const answer = await send(t.app, 'POST', '/v1/checkout/init', null, { test: true, flow: 'remit', ...init });
    expect(answer.status).toBe(200);
    const token = answer.body.data.flow_token as string;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', token, SENDER)).status).toBe(200);
    return { id: answer.body.data.checkout._id as string, token };
  }
  const recipient = (token: string, body: Record<string, unknown>) => send(t.app, 'POST', '/v1/checkout/recipient', token, body);
  const pay = (token: string) => send(t.app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card: CARD }, `remit-${Date.now()}-${next()}`);
  /** Pays as the sender does: the card authorised (held), then captured once the codes clear the checkout. */
  async function payAndClear(id: string, token: string) {
    const paid = await pay(token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', checkout: { status: 'authorized' } });
    const cleared = await clearWithCodes(t.app, id, token);
    expect(cleared).toMatchObject({ status: 'successful', cleared: true });
    return { paid, cleared };
  }
  const status = (token: string) => send(t.app, 'GET', '/v1/checkout/recipient', token);
  const cryptoRecipient = (email: string) => ({ name: 'Luis Pérez', notify_by: 'email', email, locale: 'es', receives: 'crypto', coin: 'BTC', cryptoAddress: ADDRESS });
  const fiatRecipient = (mobile: string, iban = IBAN) => ({ name: 'Luis Pérez', notify_by: 'sms', mobile, receives: 'fiat', iban, account_holder: 'Luis Pérez', currency: 'EUR' });
  const transfersOf = (id: string) => t.app.db.selectFrom('ledger_transfers').select(['id', 'amount']).where('ref', '=', id).execute();
  const row = (id: string) => t.app.db.selectFrom('guest_checkouts').selectAll().where('public_id', '=', id).executeTakeFirstOrThrow();
  async function expectLedgerClean() {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  }
  /** Runs the worker's two steps twice, as two runs would: nothing may happen twice. */
  async function runWorkerTwice() {
    for (let i = 0; i < 2; i += 1) {
      await deliverAll(t.app, new Date(), { bank: { url: bank.url, secret: bankSecretFor({ APP_SECRET: undefined }) } });
      await notifyRecipients(t.app.db, t.app.notifier);
    }
  }

  it.each([
    { case: 'no recipient\'s e-mail for notify_by email', body: { ...cryptoRecipient('x@example.com'), email: undefined }, status: 400, code: 'validation_failed', field: 'email' },
    { case: 'no mobile for notify_by sms', body: { ...fiatRecipient('+34600000000'), mobile: undefined }, status: 400, code: 'validation_failed', field: 'mobile' },
    { case: 'no address for crypto', body: { ...cryptoRecipient('x@example.com'), cryptoAddress: undefined }, status: 400, code: 'validation_failed', field: 'cryptoAddress' },
    { case: 'an address of another network', body: { ...cryptoRecipient('x@example.com'), cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }, status: 400, code: 'address_invalid', field: 'cryptoAddress' },
    { case: 'a mistyped IBAN (check digits)', body: fiatRecipient('+34600000000', 'DE88 3704 0044 0532 0130 00'), status: 400, code: 'iban_invalid', field: 'iban' },
    { case: 'no account holder', body: { ...fiatRecipient('+34600000000'), account_holder: undefined }, status: 400, code: 'validation_failed', field: 'account_holder' },
    { case: 'fiat in another currency than the one paid', body: { ...fiatRecipient('+34600000000'), currency: 'GBP' }, status: 400, code: 'remit_currency_unsupported', field: 'currency' },
    { case: 'a price sent along', body: { ...cryptoRecipient('x@example.com'), amount: '1.00' }, status: 400, code: 'validation_failed', field: null },
  ])('a recipient with $case is refused ($code), the checkout unchanged', async ({ body, status: expected, code, field }) => {
    const { id, token } = await started();
    const before = await row(id);
    const answer = await recipient(token, body);
    expect(answer.status).toBe(expected);
    expect(answer.body.error_message.code).toBe(code);
    if (field) expect(Object.keys(answer.body.error_message.fields ?? {})).toContain(field);
    expect(await row(id)).toEqual(before);
    expect(await t.app.db.selectFrom('checkout_recipients').select('checkout_id').where('checkout_id', '=', before.id).execute()).toEqual([]);
  });

  it('a buy checkout has no recipient, and a remittance cannot be paid before it has one', async () => {
    const buy = await send(t.app, 'POST', '/v1/checkout/init', null, { test: true, cryptoAddress: ADDRESS });
    const buyToken = buy.body.data.flow_token as string;
    expect((await recipient(buyToken, cryptoRecipient('x@example.com'))).body.error_message.code).toBe('checkout_not_remittance');
    expect((await status(buyToken)).body.error_message.code).toBe('checkout_not_remittance');
    const { id, token } = await started({ cryptoAddress: ADDRESS });
    const paid = await pay(token);
    expect(paid.status).toBe(400);
    expect(paid.body.error_message.code).toBe('checkout_recipient_required');
    expect(await transfersOf(id)).toEqual([]);
  });

  it('the sender\'s limits apply: above the unverified limit the codes alone capture nothing, the remittance waits for the sender\'s identity', async () => {
    const answer = await send(t.app, 'POST', '/v1/checkout/init', null, { flow: 'remit', amount: '300' });
    const token = answer.body.data.flow_token as string;
    const id = answer.body.data.checkout._id as string;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', token, SENDER)).status).toBe(200);
    expect((await recipient(token, fiatRecipient('+34600000009'))).status).toBe(200);
    const paid = await pay(token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', checkout: { status: 'authorized' } });
    expect(await clearWithCodes(t.app, id, token)).toMatchObject({ status: 'authorized', identity: 'required', cleared: false });
    expect((await row(id)).status).toBe('authorized');
    // Held, never posted: nothing reaches the recipient before the identity is approved.
    expect((await transfersOf(id)).filter((x) => x.id.endsWith(':post'))).toEqual([]);
    await runWorkerTwice();
    expect((await row(id)).delivery_status).toBeNull();
    expect((await status(token)).body.data.stage).toBe('paid');
    await expectLedgerClean();
  });

  it('a remittance of coins: priced as the buy flow, paid by card, delivered once to the address, the recipient mailed once in Spanish', async () => {
    const email = `luis${next()}@example.com`;
    const { id, token } = await started();
    const saved = await recipient(token, cryptoRecipient(email));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      stage: 'awaiting_payment',
      recipient: { name: 'Luis Pérez', notify_by: 'email', notify_to: email, receives: 'crypto', coin: 'BTC', address: ADDRESS, iban: null, currency: null, notified: false },
      checkout: { flow: 'remit', cryptoAddress: ADDRESS, fiatCurrency: { currency: 'EUR', amount: '30.00' }, cryptoCurrency: { currency: 'BTC' } },
    });
    // Authorised: nothing reserved for the recipient until the codes clear it.
    const paid = await pay(token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ outcome: 'authorized', checkout: { status: 'authorized' } });
    expect((await status(token)).body.data.stage).not.toMatch(/sending|delivered/);
    expect(await clearWithCodes(t.app, id, token)).toMatchObject({ status: 'successful', cleared: true });
    const afterPay = await status(token);
    expect(['sending', 'delivered']).toContain(afterPay.body.data.stage);
    // The recipient is fixed once paid.
    expect((await recipient(token, cryptoRecipient('other@example.com'))).body.error_message.code).toBe('checkout_status_invalid');

    await runWorkerTwice();
    const checkout = await row(id);
    const payouts = await t.app.db.selectFrom('test_network_txs').selectAll().where('payout_ref', '=', id).execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ address: ADDRESS, amount_minor: checkout.crypto_amount_minor });
    const final = await status(token);
    expect(final.body.data).toMatchObject({ stage: 'delivered', recipient: { notified: true }, checkout: { delivery: { status: 'sent', txid: payouts[0]!.txid } } });
    const messages = await listOutbox(t.app.db, { to: email, limit: 10 });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toContain('Ana García te ha enviado dinero');
    expect(messages[0]!.text).toContain(`${(Number(checkout.crypto_amount_minor) / 1e8).toFixed(8)} BTC`);
    expect(messages[0]!.text).toContain(ADDRESS);
    expect((await transfersOf(id)).map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${id}:delivery:post`]);
    await expectLedgerClean();
  });

  it('a remittance to an IBAN: the payout fee only, no conversion; paid out once through the test bank, the recipient told once by SMS', async () => {
    const mobile = `+3460000${String(1000 + next())}`;
    const { id, token } = await started();
    const saved = await recipient(token, fiatRecipient(mobile));
    expect(saved.status).toBe(200);
    const pricing = await t.app.rates.pricing((await row(id)).provider_id);
    const feeMinor = pricing.assets.EUR.withdrawalFeeMinor;
    expect(saved.body.data).toMatchObject({
      recipient: { receives: 'fiat', iban: 'DE89 •••• 3000', account_holder: 'Luis Pérez', currency: 'EUR', coin: null, address: null },
      checkout: { cryptoAddress: null, rate: '1', fiatCurrency: { amount: '30.00' }, cryptoCurrency: { currency: 'EUR', amount: ((3000 - Number(feeMinor)) / 100).toFixed(2) } },
    });
    const quote = await t.app.db.selectFrom('quotes').selectAll().where('checkout_id', '=', (await row(id)).id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ from_asset: 'EUR', to_asset: 'EUR', from_amount_minor: 3000n, fee_minor: feeMinor, to_amount_minor: 3000n - feeMinor, rate: '1' });

    await payAndClear(id, token);
    // The fiat is reserved at capture: house liquidity → world in EUR, pending.
    const reserved = await transfersOf(id);
    expect(reserved).toEqual([{ id: `${id}:delivery`, amount: 3000n - feeMinor }]);
    await expectLedgerClean();

    await runWorkerTwice();
    const checkout = await row(id);
    expect(checkout.delivery_status).toBe('sent');
    expect(checkout.delivery_txid).toMatch(/^bpo_/);
    const stored = await t.app.db.selectFrom('checkout_recipients').selectAll().where('checkout_id', '=', checkout.id).executeTakeFirstOrThrow();
    expect(stored.bank_payout_id).toBe(checkout.delivery_txid);
    const final = await status(token);
    expect(final.body.data).toMatchObject({ stage: 'delivered', recipient: { notified: true }, checkout: { delivery: { status: 'sent', txid: checkout.delivery_txid } } });
    const sms = await listOutbox(t.app.db, { to: mobile, limit: 10 });
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Ana García sent you');
    expect(sms[0]!.text).toContain(`${((3000 - Number(feeMinor)) / 100).toFixed(2)} EUR`);
    expect(sms[0]!.text).toContain('DE89 •••• 3000');
    expect((await transfersOf(id)).map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${id}:delivery:post`]);
    await expectLedgerClean();
  });

  it('a payout the bank refuses voids the reservation, marks it refused, and tells nobody', async () => {
    const mobile = `+3460000${String(2000 + next())}`;
    const { id, token } = await started();
    expect((await recipient(token, fiatRecipient(mobile, REFUSED_IBAN))).status).toBe(200);
    await payAndClear(id, token);
    await runWorkerTwice();
    const checkout = await row(id);
    expect(checkout).toMatchObject({ status: 'successful', delivery_status: 'rejected', delivery_error: 'The receiving account is closed.', delivery_txid: null });
    expect((await status(token)).body.data).toMatchObject({ stage: 'refused', recipient: { notified: false } });
    expect((await transfersOf(id)).map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${id}:delivery:void`]);
    expect(await listOutbox(t.app.db, { to: mobile, limit: 10 })).toEqual([]);
    await expectLedgerClean();
  });

  it('an unreachable bank changes nothing: the remittance waits and is paid out once the bank answers', async () => {
    const mobile = `+3460000${String(3000 + next())}`;
    const { id, token } = await started();
    expect((await recipient(token, fiatRecipient(mobile))).status).toBe(200);
    // Pay and deliver in the same tick against a bank nobody listens on (the app's own worker may already
    // have paid it out against the real one: then there is nothing left to wait for).
    await payAndClear(id, token);
    const away = await deliverAll(t.app, new Date(), { bank: { url: `http://127.0.0.1:${await freePort()}`, secret: 'x' } });
    const waiting = await row(id);
    if (waiting.delivery_status === null) {
      expect(away.waiting).toBeGreaterThanOrEqual(1);
      expect((await transfersOf(id)).map((x) => x.id)).toEqual([`${id}:delivery`]);
    }
    await runWorkerTwice();
    expect((await row(id)).delivery_status).toBe('sent');
    expect(await listOutbox(t.app.db, { to: mobile, limit: 10 })).toHaveLength(1);
    await expectLedgerClean();
  });

  it('a claimed payout is left alone; a lapsed claim after the bank paid is settled with that same payout, once', async () => {
    const mobile = `+3460000${String(4000 + next())}`;
    const { id, token } = await started();
    expect((await recipient(token, fiatRecipient(mobile))).status).toBe(200);
    const checkoutId = (await row(id)).id;
    // Another worker holds it (claimed for the next minute) before the payment makes it deliverable.
    await t.app.db.updateTable('checkout_recipients').set({ payout_claimed_until: new Date(Date.now() + 60_000) }).where('checkout_id', '=', checkoutId).execute();
    await payAndClear(id, token);
    await deliverAll(t.app, new Date(), { bank: { url: bank.url, secret: bankSecretFor({ APP_SECRET: undefined }) } });
    expect((await row(id)).delivery_status).toBeNull();
    // That worker asked the bank, which paid, and crashed before recording it; its claim lapses.
    const checkout = await row(id);
    const paid = await sendBankPayout({ url: bank.url, secret: bankSecretFor({ APP_SECRET: undefined }) }, { amountMinor: checkout.crypto_amount_minor, currency: 'EUR', iban: IBAN.replace(/\s/g, ''), accountHolder: 'Luis Pérez', reference: id, description: 'Money from Ana García' });
    expect(paid.outcome).toBe('credited');
    await t.app.db.updateTable('checkout_recipients').set({ payout_claimed_until: new Date(Date.now() - 1_000) }).where('checkout_id', '=', checkoutId).execute();
    await runWorkerTwice();
    const settled = await row(id);
    expect(settled.delivery_status).toBe('sent');
    expect(settled.delivery_txid).toBe(paid.outcome === 'credited' ? paid.payoutId : 'none');
    expect((await transfersOf(id)).map((x) => x.id).sort()).toEqual([`${id}:delivery`, `${id}:delivery:post`]);
    expect(await listOutbox(t.app.db, { to: mobile, limit: 10 })).toHaveLength(1);
    await expectLedgerClean();
  });
});
