import { describe, expect, it } from 'vitest';
import { API_KEY_STATES, SIMULATED_OUTCOMES } from '#core/contract/developers.ts';
import { WEBHOOK_DELIVERY_STATUSES } from '#core/contract/webhooks.ts';
import { developersEn, type DevelopersKey } from './developers-en.ts';
import { developersErrorsEs, developersEs } from './developers-es.ts';

describe('the developers section texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(developersEs).sort()).toEqual(Object.keys(developersEn).sort());
    for (const key of Object.keys(developersEn) as DevelopersKey[]) expect(names(developersEs[key]), key).toEqual(names(developersEn[key]));
  });

  it('names every key state, delivery status and simulator outcome', () => {
    for (const state of API_KEY_STATES) expect(developersEn).toHaveProperty(`keys.state.${state}`);
    for (const status of WEBHOOK_DELIVERY_STATUSES) expect(developersEn).toHaveProperty(`hook.status.${status}`);
    for (const outcome of SIMULATED_OUTCOMES) expect(developersEn).toHaveProperty(`sim.drive.${outcome}`);
  });

  it('says the new error codes in Spanish', () => {
    for (const code of ['api_key_not_found', 'api_key_not_active', 'api_key_already_created', 'test_mode_only']) expect(developersErrorsEs[code]).toMatch(/\w/);
  });
});
