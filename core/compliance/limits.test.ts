import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS_CONFIG } from './levels-config.ts';
import { levelsOf } from './levels.ts';
import { checkLimit, limitMessage, type LimitQuestion } from './limits.ts';

// Default EUR limits: basic buy 150/150, withdraw 0/0; verified buy 5000/20000, send 2000/10000;
// enhanced buy 50000/200000, send 20000/100000.
const levels = levelsOf(DEFAULT_LEVELS_CONFIG);
const EUR = (units: number) => BigInt(units) * 100n;
const ask = (question: Partial<LimitQuestion>): LimitQuestion => ({
  level: 'verified',
  operation: 'buy',
  amountMinor: EUR(100),
  usedTodayMinor: 0n,
  usedThisMonthMinor: 0n,
  levels,
  ...question,
});

describe('an operation within the limits', () => {
  it.each([
    ['a buy well inside both limits', ask({}), EUR(5000), EUR(20000)],
    ['a buy of exactly what is left today', ask({ amountMinor: EUR(1000), usedTodayMinor: EUR(4000), usedThisMonthMinor: EUR(4000) }), EUR(1000), EUR(16000)],
    ['a basic member buying 150 EUR in a month', ask({ level: 'basic', amountMinor: EUR(150) }), EUR(150), EUR(150)],
    ['an amount of zero', ask({ level: 'basic', operation: 'withdraw', amountMinor: 0n }), 0n, 0n],
  ])('is ok: %s, and says what is left', (_name, question, today, month) => {
    expect(checkLimit(question)).toEqual({ ok: true, leftTodayMinor: today, leftThisMonthMinor: month });
  });
});

describe('an operation above a limit', () => {
  const table: [string, Partial<LimitQuestion>, { period: 'daily' | 'monthly'; limitMinor: bigint; leftMinor: bigint; lifted: string | null; requires?: string[] }][] = [
    ['one cent over the daily limit: the next level lifts it', { amountMinor: EUR(1000) + 1n, usedTodayMinor: EUR(4000), usedThisMonthMinor: EUR(4000) }, { period: 'daily', limitMinor: EUR(5000), leftMinor: EUR(1000), lifted: 'enhanced', requires: ['proof_of_address'] }],
    ['over the monthly limit with the day free', { amountMinor: EUR(3000), usedThisMonthMinor: EUR(18000) }, { period: 'monthly', limitMinor: EUR(20000), leftMinor: EUR(2000), lifted: 'enhanced', requires: ['proof_of_address'] }],
    ['the month binds when both have the same left: waiting a day would not help', { amountMinor: EUR(600), usedTodayMinor: EUR(4500), usedThisMonthMinor: EUR(19500) }, { period: 'monthly', limitMinor: EUR(20000), leftMinor: EUR(500), lifted: 'enhanced' }],
    ['a basic member withdrawing: nothing allowed, identity lifts it', { level: 'basic', operation: 'withdraw' }, { period: 'monthly', limitMinor: 0n, leftMinor: 0n, lifted: 'verified', requires: ['identity'] }],
    ['a basic member buying 6000: identity is not enough, the step is enhanced with both', { level: 'basic', amountMinor: EUR(6000) }, { period: 'monthly', limitMinor: EUR(150), leftMinor: EUR(150), lifted: 'enhanced', requires: ['identity', 'proof_of_address'] }],
    ['a member with no level: email and phone lift it', { level: null, amountMinor: EUR(10) }, { period: 'monthly', limitMinor: 0n, leftMinor: 0n, lifted: 'basic', requires: ['email', 'phone'] }],
    ['more than the top level allows in a day: nothing lifts it', { level: 'enhanced', operation: 'send', amountMinor: EUR(20001) }, { period: 'daily', limitMinor: EUR(20000), leftMinor: EUR(20000), lifted: null }],
    ['used more than a lowered limit: nothing left, not a negative figure', { operation: 'send', usedTodayMinor: EUR(2500), usedThisMonthMinor: EUR(2500) }, { period: 'daily', limitMinor: EUR(2000), leftMinor: 0n, lifted: 'enhanced' }],
  ];
  it.each(table)('is limit_exceeded: %s', (_name, question, expected) => {
    const result = checkLimit(ask(question));
    if (result.ok) throw new Error('expected limit_exceeded');
    expect(result.code).toBe('limit_exceeded');
    expect(result.currency).toBe('EUR');
    expect({ period: result.period, limitMinor: result.limitMinor, leftMinor: result.leftMinor }).toEqual({ period: expected.period, limitMinor: expected.limitMinor, leftMinor: expected.leftMinor });
    expect(result.liftedBy?.level ?? null).toBe(expected.lifted);
    if (expected.requires) expect(result.liftedBy?.requires).toEqual(expected.requires);
  });
});

describe('the message tells the member what to do', () => {
  it.each([
    ['names what is left and the step that lifts it', ask({ amountMinor: EUR(6000) }), 'You can buy up to €5,000.00 more today at your verification level. To buy up to €50,000.00 a day and €200,000.00 a month, send a proof of address in Account Verification, or enter a smaller amount.'],
    ['says "cannot" when nothing is left, and joins two steps with "and"', ask({ level: 'basic', operation: 'send' }), 'You cannot send any more this month at your verification level. To send up to €2,000.00 a day and €10,000.00 a month, verify your identity (an identity document and a selfie) in Account Verification, or enter a smaller amount.'],
    ['at the top, says to wait until tomorrow', ask({ level: 'enhanced', operation: 'send', amountMinor: EUR(20001) }), 'You can send up to €20,000.00 more today at your verification level. No verification level allows more; enter a smaller amount or wait until tomorrow (UTC).'],
    ['at the top, says to wait until next month', ask({ level: 'enhanced', operation: 'send', amountMinor: EUR(100), usedThisMonthMinor: EUR(99950) }), 'You can send up to €50.00 more this month at your verification level. No verification level allows more; enter a smaller amount or wait until next month (UTC).'],
  ])('%s', (_name, question, text) => {
    const result = checkLimit(question);
    expect(result.ok ? null : result.message).toBe(text);
  });
});

describe('a caller bug is an exception, not a member error', () => {
  it.each([
    ['a negative amount', ask({ amountMinor: -1n })],
    ['a level the provider does not have', ask({ level: 'gold' })],
    ['a provider without levels', ask({ level: null, levels: [] })],
  ])('%s throws', (_name, question) => {
    expect(() => checkLimit(question)).toThrow(RangeError);
  });
});

describe('the message in Spanish, from the same figures', () => {
  it.each([
    ['names what is left and the step that lifts it', ask({ amountMinor: EUR(6000) }), 'Puedes comprar hasta 5.000,00 € más hoy con tu nivel de verificación. Para comprar hasta 50.000,00 € al día y 200.000,00 € al mes, envía un justificante de domicilio en Verificación de la cuenta, o introduce un importe menor.'],
    ['joins two steps with "y"', ask({ level: 'basic', operation: 'withdraw', amountMinor: EUR(6000) }), 'No puedes retirar más este mes con tu nivel de verificación. Para retirar hasta 50.000,00 € al día y 200.000,00 € al mes, verifica tu identidad (un documento de identidad y un selfi) y envía un justificante de domicilio en Verificación de la cuenta, o introduce un importe menor.'],
    ['at the top, says to wait until next month', ask({ level: 'enhanced', operation: 'send', amountMinor: EUR(100), usedThisMonthMinor: EUR(99950) }), 'Puedes enviar hasta 50,00 € más este mes con tu nivel de verificación. Ningún nivel de verificación permite más; introduce un importe menor o espera hasta el mes que viene (UTC).'],
  ])('%s', (_name, question, text) => {
    const result = checkLimit(question);
    expect(result.ok ? null : limitMessage(result, 'es')).toBe(text);
  });
});
