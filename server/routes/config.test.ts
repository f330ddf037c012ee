import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WhiteLabelSchema } from '#core/whitelabel.ts';
import { toJsonb } from '../db/jsonb.ts';
import { HARBOR, VERDANT } from '../seed/seed-providers.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('GET /v1/config on $name', ({ name }) => {
  const t = useTestApp(name);

  const config = (host: string, query = '') => t.app.inject({ url: `/v1/config${query}`, headers: { host } });

  it.each([
    { host: 'localhost:8080', wlId: '1', label: 'Verdant Exchange', primary: '#053f2e', secondary: '#096e52' },
    { host: '127.0.0.1', wlId: '1', label: 'Verdant Exchange', primary: '#053f2e', secondary: '#096e52' },
    { host: 'localhost.:8080', wlId: '1', label: 'Verdant Exchange', primary: '#053f2e', secondary: '#096e52' },
    { host: 'LOCALHOST', wlId: '1', label: 'Verdant Exchange', primary: '#053f2e', secondary: '#096e52' },
    { host: 'wl2.localhost:8080', wlId: '2', label: 'Harbor Coin', primary: '#1d3557', secondary: '#457b9d' },
  ])('$host gets provider $wlId ($label)', async ({ host, wlId, label, primary, secondary }) => {
    const response = await config(host);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.request_status).toBe('1');
    const whitelabel = v.parse(WhiteLabelSchema, body.request_details);
    expect(whitelabel.module).toBe('sys-wallets');
    expect(whitelabel.permissions.wl_id).toBe(wlId);
    expect(whitelabel.configuration.label_name).toBe(label);
    expect(whitelabel.meta).toMatchObject({ primary_color: primary, secondary_color: secondary });
    expect(Object.keys(body.request_details).sort()).toEqual(['configuration', 'languages', 'meta', 'module', 'permissions']);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
  });

  it('sends the provider directory\'s prebuilt body byte for byte', async () => {
    const response = await config('localhost', '?module=sys-flow');
    const state = await t.app.providers.lookup('localhost');
    if (state.status !== 'ready') throw new Error(`the seeded provider is ${state.status}`);
    expect(response.body).toBe(state.configBody('sys-flow'));
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers the footer texts in the default language and their Spanish translations', async () => {
    const configuration = (await config('wl2.localhost')).json().request_details.configuration;
    expect(configuration.disclaimer).toBe(HARBOR.settings.configuration.disclaimer);
    expect(configuration.translations).toEqual({ es: HARBOR.settings.configuration.translations.es });
    expect(configuration.translations.es.regulation_html).toContain('empresa de demostración');
  });

  it('answers for the module asked for', async () => {
    const response = await config('localhost', '?module=sys-widget');
    expect(response.json().request_details.module).toBe('sys-widget');
  });

  it('the two providers differ in their permission gates', async () => {
    const verdant = (await config('localhost')).json().request_details.permissions;
    const harbor = (await config('wl2.localhost')).json().request_details.permissions;
    expect(verdant).toEqual(VERDANT.settings.permissions);
    expect(harbor).toEqual(HARBOR.settings.permissions);
    expect(harbor.enable_withdraw).not.toBe(verdant.enable_withdraw);
  });

  it.each([
    { query: '?module=sys-nope', field: 'module' },
    { query: '?module=sys-wallets&module=sys-flow', field: 'module' },
  ])('an unknown module ($query) is a 400 with the field error', async ({ query, field }) => {
    const response = await config('localhost', query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error_message.code).toBe('validation_failed');
    expect(body.error_message.fields[field]).toEqual([expect.stringContaining('must be one of sys-wallets')]);
  });

  it('a host with no provider is a 404 provider_not_found', async () => {
    const response = await config('nocfg.localhost');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      request_status: '0',
      error_message: { code: 'provider_not_found', message: 'No provider is configured for this address.' },
    });
  });

  it('a provider without settings is a 503 provider_not_configured', async () => {
    await addProvider('3', 'unset.localhost', null);
    const response = await config('unset.localhost');
    expect(response.statusCode).toBe(503);
    expect(response.json().error_message.code).toBe('provider_not_configured');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('a provider whose stored settings are corrupt is a 503 with the reason logged, not a crash', async () => {
    const corrupt = { ...VERDANT.settings, meta: { ...VERDANT.settings.meta, primary_color: 'green' } };
    await addProvider('4', 'corrupt.localhost', toJsonb(corrupt));
    const response = await config('corrupt.localhost');
    expect(response.statusCode).toBe(503);
    expect(response.json().error_message.code).toBe('provider_not_configured');
    const logged = t.logs.entries().find((entry) => entry.msg === 'provider settings fail the schema; answering provider_not_configured');
    expect(logged).toMatchObject({ host: 'corrupt.localhost', wlId: '4', problems: [expect.stringContaining('meta.primary_color')] });
  });

  async function addProvider(wlId: string, host: string, settings: string | null): Promise<void> {
    const { id } = await t.database.db
      .insertInto('providers')
      .values({ wl_id: wlId, name: `Provider ${wlId}`, settings })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.insertInto('provider_hosts').values({ host, provider_id: id }).execute();
  }
});
