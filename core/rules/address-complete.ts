// Spec §5 address completeness under the new registration flow: a member whose address1, city,
// dateOfBirth, country or zipCode is missing is sent to register/address_details before anything else.

import { normaliseDateOfBirth } from './user-normalise.ts';

export const REQUIRED_ADDRESS_FIELDS = ['address1', 'city', 'dateOfBirth', 'country', 'zipCode'] as const;
export type RequiredAddressField = (typeof REQUIRED_ADDRESS_FIELDS)[number];

export interface AddressSource {
  dateOfBirth?: string | null;
  billing?: { address1?: string | null; city?: string | null; country?: string | null; zipCode?: string | null } | null;
}

/** A value is present when it has something besides whitespace; dateOfBirth "null" counts as absent (spec §3). */
export function missingAddressFields(user: AddressSource): RequiredAddressField[] {
  const values: Record<RequiredAddressField, string | null | undefined> = {
    address1: user.billing?.address1,
    city: user.billing?.city,
    dateOfBirth: normaliseDateOfBirth(user.dateOfBirth),
    country: user.billing?.country,
    zipCode: user.billing?.zipCode,
  };
  return REQUIRED_ADDRESS_FIELDS.filter((field) => !values[field]?.trim());
}

export function isAddressComplete(user: AddressSource): boolean {
  return missingAddressFields(user).length === 0;
}
