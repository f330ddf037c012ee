import { describe, expect, it } from 'vitest';
import { STEP_IDS } from '#core/compliance/compliance-steps.ts';
import { DEFAULT_LEVELS_CONFIG } from '#core/compliance/levels-config.ts';
import { complianceEn, type ComplianceKey } from './compliance-en.ts';
import { complianceEs } from './compliance-es.ts';

describe('the compliance texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(complianceEs).sort()).toEqual(Object.keys(complianceEn).sort());
    for (const key of Object.keys(complianceEn) as ComplianceKey[]) expect(names(complianceEs[key]), key).toEqual(names(complianceEn[key]));
  });

  it('names every step and every default level', () => {
    for (const step of STEP_IDS) expect(complianceEn).toHaveProperty(`step.${step}`);
    for (const level of DEFAULT_LEVELS_CONFIG.levels) expect(complianceEn).toHaveProperty(`level.${level.id}`);
  });
});
