import { describe, expect, it } from 'vitest';
import { OnboardingBodySchema } from '#core/contract/registration.ts';
import { validateForm } from './form-errors.ts';
import { addressFields, initialAddressValues, onboardingInput } from './onboarding-input.ts';

const emptyBilling = { address1: '', address2: '', city: '', state: '', country: '', zipCode: '', issueCountry: '' };

describe('the address form values', () => {
  it('kept for a reload are the date of birth and billing fields as typed, not the names', () => {
    const values = { firstName: 'Ana', lastName: 'Ruiz', dateOfBirth: '1990-02-03', 'billing.city': 'Madrid', 'billing.zipCode': '', other: 'x' };
    expect(addressFields(values)).toEqual({ dateOfBirth: '1990-02-03', 'billing.city': 'Madrid', 'billing.zipCode': '' });
  });

  it('start from the user, with the country of their IP when they have none', () => {
    const values = initialAddressValues({ firstName: 'Ana', lastName: 'Ruiz', dateOfBirth: '', billing: emptyBilling, ip_country: 'ES' });
    expect(values['billing.country']).toBe('ES');
    expect(values.firstName).toBe('Ana');
  });

  it('keep a country the user already has', () => {
    const values = initialAddressValues({ firstName: '', lastName: '', dateOfBirth: '', billing: { ...emptyBilling, country: 'GB' }, ip_country: 'ES' });
    expect(values['billing.country']).toBe('GB');
  });

  it('become an onboarding body the contract accepts', () => {
    const values = { firstName: 'Ana', lastName: 'Ruiz', dateOfBirth: '1990-04-23', 'billing.address1': '1 High St', 'billing.address2': '', 'billing.city': 'London', 'billing.state': '', 'billing.country': 'GB', 'billing.zipCode': 'N1 1AA' };
    const result = validateForm(OnboardingBodySchema, onboardingInput(values, 'es'));
    expect(result.ok && result.output.billing).toMatchObject({ address1: '1 High St', city: 'London', country: 'GB', zipCode: 'N1 1AA' });
    expect(result.ok && result.output.language).toBe('es');
  });

  it("an incomplete address names the missing fields with 'Required field'", () => {
    const result = validateForm(OnboardingBodySchema, onboardingInput({ firstName: 'Ana', lastName: 'Ruiz', dateOfBirth: '' }, 'en'));
    expect(result.ok ? {} : result.fields).toMatchObject({ dateOfBirth: 'Required field', 'billing.address1': 'Required field', 'billing.city': 'Required field' });
  });
});
