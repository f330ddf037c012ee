// The flat values of the address form ("billing.city") -> the body of POST /v1/users/onboarding.
import type { UserInfo } from '#core/contract/users.ts';

export const BILLING_FIELDS = ['address1', 'address2', 'city', 'state', 'country', 'zipCode'] as const;

export type FlatValues = Record<string, string>;

/** The form's first values: the user's own, with the country guessed from ip_country when empty. */
export function initialAddressValues(user: Pick<UserInfo, 'firstName' | 'lastName' | 'dateOfBirth' | 'billing' | 'ip_country'>): FlatValues {
  const values: FlatValues = { firstName: user.firstName, lastName: user.lastName, dateOfBirth: user.dateOfBirth };
  for (const name of BILLING_FIELDS) values[`billing.${name}`] = user.billing[name];
  if (!values['billing.country']) values['billing.country'] = user.ip_country;
  return values;
}

/** The fields the address step shows (date of birth and billing), as typed: what a reload must give back. */
export function addressFields(values: FlatValues): FlatValues {
  const kept: FlatValues = {};
  for (const name of ['dateOfBirth', ...BILLING_FIELDS.map((field) => `billing.${field}`)]) {
    const value = values[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

export function onboardingInput(values: FlatValues, language: string) {
  const billing: Record<string, string> = {};
  for (const name of BILLING_FIELDS) billing[name] = values[`billing.${name}`] ?? '';
  return { firstName: values.firstName, lastName: values.lastName, dateOfBirth: values.dateOfBirth, billing, language };
}
