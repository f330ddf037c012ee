import { describe, expect, it } from 'vitest';
import { OPERATIONS, REQUIREMENTS } from '#core/compliance/levels-config.ts';
import { DEFAULT_LEVELS_CONFIG } from '#core/compliance/levels-config.ts';
import { limitsEn, type LimitsKey } from './limits-en.ts';
import { limitsEs } from './limits-es.ts';

describe('the limits texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(limitsEs).sort()).toEqual(Object.keys(limitsEn).sort());
    for (const key of Object.keys(limitsEn) as LimitsKey[]) expect(names(limitsEs[key]), key).toEqual(names(limitsEn[key]));
  });

  it('names every operation, every requirement and every default level', () => {
    const keys = Object.keys(limitsEn);
    for (const operation of OPERATIONS) expect(keys).toContain(`op.${operation}`);
    for (const requirement of REQUIREMENTS) expect(keys).toContain(`req.${requirement}`);
    for (const level of DEFAULT_LEVELS_CONFIG.levels) expect(keys).toContain(`level.${level.id}`);
  });
});
