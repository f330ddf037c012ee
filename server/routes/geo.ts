// GET /v1/geo/country (core/contract/platform.ts): the seeded providers' country_locator (spec §7:
// answers request_details.country). The country comes from the edge in front of the platform (a CDN
// or proxy sets a country header); without one the spec's fallback applies: GB.

import type { FastifyInstance } from 'fastify';
import { getCountry } from '#core/contract/platform.ts';
import { route } from '../contract/route.ts';

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

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  route(app, getCountry, async ({ request, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { country: countryFromHeaders(request.headers) };
  });
}
