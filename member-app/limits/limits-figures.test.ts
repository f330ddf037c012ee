import { describe, expect, it } from 'vitest';
import type { MemberLimits } from '#core/contract/limits.ts';
import { translator } from '#ui/i18n/translate.ts';
import { limitsEn } from '../i18n/limits-en.ts';
import { limitsEs } from '../i18n/limits-es.ts';
import { leftLine, levelName, stepHref, stepsText } from './limits-figures.ts';

const en = translator({ en: limitsEn, es: limitsEs }, 'en');
const es = translator({ en: limitsEn, es: limitsEs }, 'es');
const row = (operation: 'buy' | 'send', leftToday: string, leftMonth: string) => ({
  operation,
  daily: '150.00',
  monthly: '150.00',
  used_today: '0.00',
  used_this_month: '0.00',
  left_today: leftToday,
  left_this_month: leftMonth,
});
const limits = (rows: MemberLimits['operations']): MemberLimits => ({
  currency: 'EUR',
  level: 'basic',
  verified: { email: true, phone: true, identity: false, proof_of_address: false },
  levels: [],
  operations: rows,
  next_level: { id: 'verified', missing: ['identity'] },
});

describe('the limits figures', () => {
  it.each([
    ['the month, in English money', limits([row('buy', '110.00', '110.00')]), 'buy', en, 'Left this month at your verification level: €110.00'],
    ['the month, in Spanish money', limits([row('buy', '110.00', '110.00')]), 'buy', es, 'Te queda este mes con tu nivel de verificación: 110,00 €'],
    ['today too when it binds', limits([row('send', '500.00', '8000.00')]), 'send', en, 'Left this month at your verification level: €8,000.00 (today: €500.00)'],
  ] as const)('left line: %s', (_name, answer, operation, t, expected) => {
    expect(leftLine(answer, operation, t === es ? 'es' : 'en', t)).toBe(expected);
  });

  it('names the steps as one sentence, and sends email and phone to /verification, the rest to /compliance', () => {
    expect(stepsText(['identity'], en)).toBe('verify your identity (an identity document and a selfie)');
    expect(stepsText(['email', 'phone', 'identity'], en)).toBe('verify your email, verify your phone number and verify your identity (an identity document and a selfie)');
    expect(stepsText(['phone', 'proof_of_address'], es)).toBe('verifica tu número de teléfono y envía un justificante de domicilio');
    expect(stepHref(['phone'])).toBe('/verification');
    expect(stepHref(['identity', 'proof_of_address'])).toBe('/compliance');
  });

  it('names the default levels and keeps a provider\'s own level id', () => {
    expect(levelName('verified', en)).toBe('Identity verified');
    expect(levelName('starter', en)).toBe('starter');
  });
});
