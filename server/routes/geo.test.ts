import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { countryFromHeaders } from '../http/visitor-country.ts';

describe('countryFromHeaders', () => {
  it.each([
    { headers: {}, country: 'GB' },
    { headers: { 'cf-ipcountry': 'ES' }, country: 'ES' },
    { headers: { 'x-country-code': 'de' }, country: 'DE' },
    { headers: { 'cf-ipcountry': 'XX', 'x-country-code': 'FR' }, country: 'FR' },
    { headers: { 'cf-ipcountry': 'T1' }, country: 'GB' },
    { headers: { 'cf-ipcountry': 'ESP' }, country: 'GB' },
    { headers: { 'cf-ipcountry': '' }, country: 'GB' },
  ])('$headers gives $country (spec §9: IP country fallback GB)', ({ headers, country }) => {
    expect(countryFromHeaders(headers)).toBe(country);
  });
});

describe.each(testDatabases())('GET /v1/geo/country on $name', ({ name }) => {
  const t = useTestApp(name, { seed: false });

  it('answers request_details.country, the configured country_locator contract', async () => {
    const response = await t.app.inject({ url: '/v1/geo/country', headers: { 'cf-ipcountry': 'PT' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ request_status: '1', request_details: { country: 'PT' } });
  });
});
