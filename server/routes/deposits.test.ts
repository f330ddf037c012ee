import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { checkLedger } from '../ledger/index.ts';
import { confirmWire, rejectWire } from '../money/deposits/confirm-wire.ts';
import { WIRE_REFERENCE_PATTERN } from '../money/deposits/wire-reference.ts';
import { houseBalance, newMember, send, VISA_OK, walletBalance, type TestMember } from '../money/deposits/member-test-kit.ts';

const card = (number: string, overrides: Partial<typeof VISA_OK> = {}) => ({ ...VISA_OK, number, ...overrides });

describe.each(testDatabases())('deposits on $name', ({ name }) => {
  const t = useTestApp(name);
  const deposit = (member: TestMember, body: unknown, key?: string) => send(t.app, member, 'POST', '/v1/transactions/deposit', body, key);

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  // wl1 charges 2.50 % on card deposits: 100.00 EUR charged -> 2.50 fee -> 97.50 credited.
  it.each([
    { number: '4242 4242 4242 4242', brand: 'Visa', credited: 9750n },
    { number: '5555 5555 5555 4444', brand: 'Mastercard', credited: 9750n },
  ])('a $brand test card $number is charged and captured at once: the wallet gets the amount less the fee', async ({ number, brand, credited }) => {
    const member = await newMember(t.app);
    const feesBefore = await houseBalance(t.app.db, member.providerId, 'EUR', 'fees');
    const answer = await deposit(member, { method: 'card', currency: 'EUR', amount: '100.00', card: card(number) });
    expect(answer.status).toBe(200);
    const { transaction, next_action } = answer.body.request_details;
    expect(transaction).toMatchObject({ type: 'deposit', method: 'card', status: 'completed', payment_status: 'successful', amount: '97.50', fee: '2.50', currency_iso: 'EUR' });
    expect(transaction.counterparty).toBe(`${brand} •••• ${number.slice(-4)}`);
    expect(next_action).toBeNull();
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: credited, available: credited, pendingIn: 0n });
    expect((await houseBalance(t.app.db, member.providerId, 'EUR', 'fees')) - feesBefore).toBe(250n);
  });

  it.each([
    { number: '4000 0000 0000 0002', message: /declined/ },
    { number: '4000 0000 0000 9995', message: /insufficient funds/ },
  ])('a declined test card $number answers 402 card_declined and is kept as a failed deposit in the history', async ({ number, message }) => {
    const member = await newMember(t.app);
    const answer = await deposit(member, { method: 'card', currency: 'EUR', amount: '50.00', card: card(number) });
    expect(answer.status).toBe(402);
    expect(answer.body.error_message.code).toBe('card_declined');
    expect(answer.body.error_message.message).toMatch(message);
    const history = await send(t.app, member, 'GET', '/v1/transactions/getTransactions');
    expect(history.body.request_details.transactions).toMatchObject([{ type: 'deposit', status: 'failed', payment_status: 'failed', counterparty: `Visa •••• ${number.slice(-4)}` }]);
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 0n, available: 0n, pendingIn: 0n });
    expect((await send(t.app, member, 'GET', '/v1/users/getUserCards')).body.request_details.cards).toEqual([]);
  });

  it.each([
    { case: 'a number failing the Luhn check', input: card('4242 4242 4242 4241'), field: 'card.number' },
    { case: 'an expired card', input: card('4242 4242 4242 4242', { exp_month: '01', exp_year: '2020' }), field: 'card.exp_year' },
  ])('$case answers 400 card_invalid naming the field, and records nothing', async ({ input, field }) => {
    const member = await newMember(t.app);
    const answer = await deposit(member, { method: 'card', currency: 'EUR', amount: '50.00', card: input });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('card_invalid');
    expect(Object.keys(answer.body.error_message.fields)).toEqual([field]);
    const rows = await t.app.db.selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).execute();
    expect(rows).toEqual([]);
  });

  it.each([
    { amount: '9.99', code: 'amount_below_minimum', message: 'The minimum is 10.00 EUR. Enter a larger amount.' },
    { amount: '20000.01', code: 'amount_above_maximum', message: 'The maximum is 20000.00 EUR. Enter a smaller amount.' },
    { amount: '10.001', code: 'validation_failed', message: 'Use at most 2 decimals for EUR.' },
  ])('a deposit of $amount EUR is refused with $code', async ({ amount, code, message }) => {
    const member = await newMember(t.app);
    const answer = await deposit(member, { method: 'card', currency: 'EUR', amount, card: VISA_OK });
    expect(answer.body.error_message.code).toBe(code);
    expect(answer.body.error_message.fields.amount).toEqual([message]);
  });

  it('a 3-D Secure card waits for the challenge with nothing in the ledger; approve credits it and keeps the card', async () => {
    const member = await newMember(t.app);
    const started = await deposit(member, { method: 'card', currency: 'EUR', amount: '200.00', card: card('4000 0027 6000 3184') });
    expect(started.status).toBe(200);
    const { transaction, next_action } = started.body.request_details;
    expect(transaction).toMatchObject({ status: 'initial', payment_status: 'pending' });
    expect(next_action).toEqual({ type: 'three_d_secure', transaction_id: transaction.id });
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 0n, available: 0n, pendingIn: 0n });

    const approved = await send(t.app, member, 'POST', '/v1/transactions/deposit/3ds', { transaction_id: transaction.id, outcome: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.request_details.transaction).toMatchObject({ id: transaction.id, status: 'completed', payment_status: 'successful', amount: '195.00', fee: '5.00' });
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(19500n);
    expect((await send(t.app, member, 'GET', '/v1/users/getUserCards')).body.request_details.cards).toMatchObject([{ brand: 'Visa', last4: '3184' }]);

    const again = await send(t.app, member, 'POST', '/v1/transactions/deposit/3ds', { transaction_id: transaction.id, outcome: 'approve' });
    expect(again.body.error_message.code).toBe('transaction_not_pending');
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(19500n);
  });

  it('a failed 3-D Secure challenge fails the deposit (402) and credits nothing', async () => {
    const member = await newMember(t.app);
    const started = await deposit(member, { method: 'card', currency: 'EUR', amount: '200.00', card: card('4000 0027 6000 3184') });
    const id = started.body.request_details.transaction.id;
    const failed = await send(t.app, member, 'POST', '/v1/transactions/deposit/3ds', { transaction_id: id, outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.body.error_message.code).toBe('card_declined');
    const row = await t.app.db.selectFrom('money_transactions').select(['status', 'payment_status']).where('public_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', payment_status: 'failed' });
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 0n, available: 0n, pendingIn: 0n });
  });

  it("another member's 3-D Secure transaction is transaction_not_found", async () => {
    const owner = await newMember(t.app);
    const stranger = await newMember(t.app);
    const started = await deposit(owner, { method: 'card', currency: 'EUR', amount: '20.00', card: card('4000 0027 6000 3184') });
    const answer = await send(t.app, stranger, 'POST', '/v1/transactions/deposit/3ds', { transaction_id: started.body.request_details.transaction.id, outcome: 'approve' });
    expect(answer.status).toBe(404);
    expect(answer.body.error_message.code).toBe('transaction_not_found');
  });

  it('a retried deposit with the same Idempotency-Key charges once and answers the same transaction', async () => {
    const member = await newMember(t.app);
    const body = { method: 'card', currency: 'EUR', amount: '40.00', card: VISA_OK };
    const first = await deposit(member, body, 'deposit-retry-1');
    const retry = await deposit(member, body, 'deposit-retry-1');
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.request_details.transaction.id).toBe(first.body.request_details.transaction.id);
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(3900n);
    const rows = await t.app.db.selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('the same card charged twice is saved once, and a saved card can be charged by its id', async () => {
    const member = await newMember(t.app);
    await deposit(member, { method: 'card', currency: 'EUR', amount: '10.00', card: VISA_OK });
    await deposit(member, { method: 'card', currency: 'EUR', amount: '10.00', card: { ...VISA_OK, number: '4242424242424242' } });
    const cards = (await send(t.app, member, 'GET', '/v1/users/getUserCards')).body.request_details.cards;
    expect(cards).toEqual([{ id: expect.stringMatching(/^card_/), brand: 'Visa', last4: '4242', exp_month: '12', exp_year: '2034', holder: 'Test Member' }]);
    const saved = await deposit(member, { method: 'saved_card', currency: 'EUR', amount: '100.00', card_id: cards[0].id });
    expect(saved.body.request_details.transaction).toMatchObject({ status: 'completed', amount: '97.50' });
    const unknown = await deposit(member, { method: 'saved_card', currency: 'EUR', amount: '100.00', card_id: 'card_nope' });
    expect(unknown.body.error_message).toMatchObject({ code: 'card_invalid', fields: { card_id: ['Choose one of your saved cards.'] } });
    const stranger = await newMember(t.app);
    const theirs = await deposit(stranger, { method: 'saved_card', currency: 'EUR', amount: '100.00', card_id: cards[0].id });
    expect(theirs.body.error_message.code).toBe('card_invalid');
    await t.app.db.updateTable('cards').set({ exp_year: '2020' }).where('public_id', '=', cards[0].id).execute();
    const expired = await deposit(member, { method: 'saved_card', currency: 'EUR', amount: '100.00', card_id: cards[0].id });
    expect(expired.body.error_message).toMatchObject({ code: 'card_invalid', fields: { card_id: ['This card has expired.'] } });
  });

  it('card fees and limits are the provider\'s own: wl2 charges 3.00 % and starts at 20.00', async () => {
    const member = await newMember(t.app, { wlId: '2' });
    const low = await deposit(member, { method: 'card', currency: 'EUR', amount: '19.99', card: VISA_OK });
    expect(low.body.error_message.code).toBe('amount_below_minimum');
    const answer = await deposit(member, { method: 'card', currency: 'EUR', amount: '100.00', card: VISA_OK });
    expect(answer.body.request_details.transaction).toMatchObject({ amount: '97.00', fee: '3.00' });
  });

  it('a wire deposit waits with a unique reference and the test bank details; the operator credits it exactly once', async () => {
    const member = await newMember(t.app);
    const first = await deposit(member, { method: 'wire', currency: 'EUR', amount: '250.00' });
    const second = await deposit(member, { method: 'wire', currency: 'EUR', amount: '250.00' });
    const instructions = first.body.request_details.wire_instructions;
    expect(instructions).toMatchObject({ amount: '250.00', currency: 'EUR', account_holder: 'Verdant Exchange', iban: 'GB82WEST12345698765432', swift: 'TESTGB2L' });
    expect(instructions.reference).toMatch(WIRE_REFERENCE_PATTERN);
    expect(instructions.reference.startsWith('VRD-')).toBe(true);
    expect(second.body.request_details.wire_instructions.reference).not.toBe(instructions.reference);
    expect(first.body.request_details.transaction).toMatchObject({ method: 'wire', status: 'initial', payment_status: 'pending', reference: instructions.reference });
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(0n);

    const confirmed = await confirmWire(t.app.db, instructions.reference.toLowerCase());
    expect(confirmed).toMatchObject({ ok: true, transaction: { status: 'completed', payment_status: 'successful', amount: '250.00' } });
    const twice = await confirmWire(t.app.db, instructions.reference);
    expect(twice).toMatchObject({ ok: false, error: { code: 'wire_not_found' } });
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(25000n);
  });

  it('a wire that arrives with another amount credits what arrived and keeps both figures; a rejected wire is canceled', async () => {
    const member = await newMember(t.app);
    const short = (await deposit(member, { method: 'wire', currency: 'GBP', amount: '100.00' })).body.request_details.wire_instructions.reference;
    const never = (await deposit(member, { method: 'wire', currency: 'GBP', amount: '100.00' })).body.request_details.wire_instructions.reference;
    expect(await confirmWire(t.app.db, short, '95.50')).toMatchObject({ ok: true, transaction: { amount: '95.50' } });
    const row = await t.app.db.selectFrom('money_transactions').select('details').where('reference', '=', short).executeTakeFirstOrThrow();
    expect(row.details).toMatchObject({ expected_minor: '10000', arrived_minor: '9550' });
    expect(await rejectWire(t.app.db, never)).toMatchObject({ ok: true, transaction: { status: 'canceled', payment_status: 'canceled' } });
    expect(await confirmWire(t.app.db, never)).toMatchObject({ ok: false, error: { code: 'wire_not_found' } });
    expect((await walletBalance(t.app.db, member, 'GBP')).balance).toBe(9550n);
  });

  it('no card number or security code is kept in any table or written to any log', async () => {
    const member = await newMember(t.app);
    const cvc = '917';
    await deposit(member, { method: 'card', currency: 'EUR', amount: '30.00', card: card('4242 4242 4242 4242', { cvc }) });
    await deposit(member, { method: 'card', currency: 'EUR', amount: '30.00', card: card('4000 0000 0000 0002', { cvc }) });
    await deposit(member, { method: 'card', currency: 'EUR', amount: '30.00', card: card('4000 0027 6000 3184', { cvc }) });
    await deposit(member, { method: 'card', currency: 'EUR', amount: '30.00', card: card('4242 4242 4242 4241', { cvc }) });
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(t.app.db);
    let everything = '';
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table_name)} t`.execute(t.app.db);
      everything += rows.rows.map((r) => r.row).join('\n');
    }
    expect(everything).toContain('4242'); // last 4 digits are kept, so the dump did read the cards
    // The security code's digits could appear by chance in a timestamp or a token, so the check is that no cvc field exists at all.
    for (const secret of ['4242424242424242', '4000000000000002', '4000002760003184', '4242424242424241', 'cvc']) {
      expect(everything).not.toContain(secret);
      expect(t.logs.text()).not.toContain(secret);
    }
  });
});
