import { describe, expect, it } from 'vitest';
import { tradeErrorText } from './trade-error.ts';

describe('the words for a money failure', () => {
  it.each([
    ['English keeps the server message', { code: 'insufficient_funds', message: 'You have 12.50 EUR available.' }, 'en', 'You have 12.50 EUR available.'],
    ['Spanish has its own text for a money code', { code: 'quote_expired', message: 'x' }, 'es', 'El precio ha cambiado desde que lo pediste. Revisa la nueva cotización y vuelve a confirmar.'],
    ['a validation failure names the field problem', { code: 'validation_failed', message: 'Check the fields', fields: { amount: ['The minimum is 50.00 EUR.'] } }, 'en', 'The minimum is 50.00 EUR.'],
    ['a limit refusal keeps the server message, already in the page language, with its figures and step', { code: 'limit_exceeded', message: 'Puedes comprar hasta 150,00 € más este mes con tu nivel de verificación.' }, 'es', 'Puedes comprar hasta 150,00 € más este mes con tu nivel de verificación.'],
    ['an unknown code falls back to the server message', { code: 'something_new', message: 'Something new.' }, 'es', 'Something new.'],
  ] as const)('%s', (_name, error, locale, expected) => {
    expect(tradeErrorText(error, locale)).toBe(expected);
  });
});
