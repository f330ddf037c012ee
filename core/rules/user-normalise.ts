// Spec §3 user state normalisations, applied once where user_info enters the apps so every
// screen and rule sees the same values: email lowercased (addresses compare case-insensitively),
// dateOfBirth's literal string "null" (a server quirk) becomes empty, ip_country falls back to GB.

import { IP_COUNTRY_FALLBACK } from '../constants.ts';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "null", null and absent all mean "not given": the empty string, which the forms show as an empty field. */
export function normaliseDateOfBirth(dateOfBirth: string | null | undefined): string {
  if (dateOfBirth === null || dateOfBirth === undefined) return '';
  const trimmed = dateOfBirth.trim();
  return trimmed === 'null' ? '' : trimmed;
}

/** An empty country (the locator answered nothing) becomes GB, so country-based defaults always have one. */
export function normaliseIpCountry(ipCountry: string | null | undefined): string {
  const trimmed = (ipCountry ?? '').trim().toUpperCase();
  return trimmed === '' ? IP_COUNTRY_FALLBACK : trimmed;
}

export interface NormalisableUser {
  email: string;
  dateOfBirth?: string | null;
  ip_country?: string | null;
}

export type NormalisedUser<T extends NormalisableUser> = Omit<T, 'email' | 'dateOfBirth' | 'ip_country'> & {
  email: string;
  dateOfBirth: string;
  ip_country: string;
};

/** All three normalisations; other fields pass through untouched. */
export function normaliseUser<T extends NormalisableUser>(user: T): NormalisedUser<T> {
  return {
    ...user,
    email: normaliseEmail(user.email),
    dateOfBirth: normaliseDateOfBirth(user.dateOfBirth),
    ip_country: normaliseIpCountry(user.ip_country),
  };
}
