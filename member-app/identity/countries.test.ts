import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryOptions } from './countries.ts';

describe('the country select', () => {
  it('holds unique two-letter codes', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it.each([
    ['en', 'ES', 'Spain'],
    ['es', 'ES', 'España'],
    ['en', 'GB', 'United Kingdom'],
  ])('names the countries in the page language (%s: %s is %s)', (locale, code, name) => {
    expect(countryOptions(locale).find((option) => option.code === code)?.name).toBe(name);
  });
});
