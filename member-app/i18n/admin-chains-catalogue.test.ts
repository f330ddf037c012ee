import { describe, expect, it } from 'vitest';
import { CHAIN_FAMILIES, NETWORK_KINDS } from '#core/chain/networks.ts';
import { CHAIN_BACKENDS } from '#core/contract/admin-chains.ts';
import { adminChainsEn, type AdminChainsKey } from './admin-chains-en.ts';
import { adminChainsEs } from './admin-chains-es.ts';

describe("the console chains page's texts", () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(adminChainsEs).sort()).toEqual(Object.keys(adminChainsEn).sort());
    for (const key of Object.keys(adminChainsEn) as AdminChainsKey[]) expect(names(adminChainsEs[key]), key).toEqual(names(adminChainsEn[key]));
  });

  it('names every chain family, backend and network the API can answer', () => {
    const keys = Object.keys(adminChainsEn);
    for (const family of CHAIN_FAMILIES) expect(keys).toContain(`family.${family}`);
    for (const backend of CHAIN_BACKENDS) expect(keys).toContain(`backend.${backend}`);
    for (const network of NETWORK_KINDS) expect(keys).toContain(`network.${network}`);
  });

  it('says plainly that without a hot wallet payouts go through the test network', () => {
    expect(adminChainsEn['hot.empty']).toBe('No hot wallet is configured: payouts in this mode go through the test network');
  });
});
