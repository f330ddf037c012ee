import { describe, it, expect } from 'vitest';
import { isAddressComplete, missingAddressFields, type AddressSource } from './address-complete.ts';

const complete: AddressSource = {
  dateOfBirth: '1990-04-01',
  billing: { address1: '1 High St', city: 'Leeds', country: 'GB', zipCode: 'LS1 1AA' },
};

describe('address completeness: address1, city, dateOfBirth, country and zipCode must all be present (spec §5)', () => {
  it('a complete address is complete', () => {
    expect(isAddressComplete(complete)).toBe(true);
    expect(missingAddressFields(complete)).toEqual([]);
  });

  const table: [string, AddressSource, string[]][] = [
    ['address1 missing', { ...complete, billing: { ...complete.billing, address1: '' } }, ['address1']],
    ['city missing', { ...complete, billing: { ...complete.billing, city: null } }, ['city']],
    ['dateOfBirth missing', { ...complete, dateOfBirth: undefined }, ['dateOfBirth']],
    ['dateOfBirth is the string null', { ...complete, dateOfBirth: 'null' }, ['dateOfBirth']],
    ['country missing', { ...complete, billing: { ...complete.billing, country: undefined } }, ['country']],
    ['zipCode only whitespace', { ...complete, billing: { ...complete.billing, zipCode: '   ' } }, ['zipCode']],
    ['no billing at all', { dateOfBirth: '1990-04-01' }, ['address1', 'city', 'country', 'zipCode']],
    ['nothing at all', {}, ['address1', 'city', 'dateOfBirth', 'country', 'zipCode']],
  ];
  it.each(table)('incomplete when %s', (_name, user, missing) => {
    expect(isAddressComplete(user)).toBe(false);
    expect(missingAddressFields(user)).toEqual(missing);
  });
});
