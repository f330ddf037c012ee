import { describe, expect, it } from 'vitest';
import { ERRORS } from '#core/errors.ts';
import { documentsErrorsEs } from './documents-errors-es.ts';

describe('the identity-document failures in Spanish', () => {
  it('has a Spanish text for every document error code of core/errors.ts, and no other', () => {
    const codes = Object.keys(ERRORS).filter((code) => code.startsWith('document_'));
    expect(codes.length).toBeGreaterThan(0);
    expect(Object.keys(documentsErrorsEs).sort()).toEqual(codes.sort());
  });

  it.each(Object.entries(documentsErrorsEs))('%s keeps the numbers the English message gives', (code, text) => {
    const numbers = (s: string) => s.match(/\d+/g) ?? [];
    expect(numbers(text)).toEqual(numbers(ERRORS[code as keyof typeof ERRORS].message));
  });
});
