// The visitor's country as the edge in front of the platform reports it (a CDN or proxy sets a country
// header); without one the spec's fallback applies: GB (spec §3 ip_country).

export const FALLBACK_COUNTRY = 'GB';
/** Headers common edges set; only their ISO 3166-1 alpha-2 value is used. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code', 'x-vercel-ip-country'] as const;
/** Codes edges use for "unknown" or "Tor", which are not countries. */
const NOT_COUNTRIES = new Set(['XX', 'T1', 'ZZ']);

export function countryFromHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  for (const name of COUNTRY_HEADERS) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    const code = value.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code)) return code;
  }
  return FALLBACK_COUNTRY;
}
