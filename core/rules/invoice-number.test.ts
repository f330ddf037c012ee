import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './invoice-number.ts';

describe('formatInvoiceNumber', () => {
  it.each([
    ['the first invoice', 1n, 'INV-000001'],
    ['a number as a plain number', 42, 'INV-000042'],
    ['six digits fill the width', 123456n, 'INV-123456'],
    ['a seventh digit widens it, never cuts it', 1234567n, 'INV-1234567'],
  ])('%s', (_name, number, written) => {
    expect(formatInvoiceNumber(number)).toBe(written);
  });
});
