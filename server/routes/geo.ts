// GET /v1/geo/country (core/contract/platform.ts): the seeded providers' country_locator (spec §7:
// answers request_details.country). The country comes from the edge in front of the platform (a CDN
// or proxy sets a country header); without one the spec's fallback applies: GB.

import type { FastifyInstance } from 'fastify';
import { getCountry } from '#core/contract/platform.ts';
import { route } from '../contract/route.ts';
import { countryFromHeaders } from '../http/visitor-country.ts';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  route(app, getCountry, async ({ request, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return { country: countryFromHeaders(request.headers) };
  });
}
