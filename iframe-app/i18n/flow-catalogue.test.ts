import { describe, expect, it } from 'vitest';
import { flowEn } from './flow-en.ts';
import { flowEs } from './flow-es.ts';

describe('the flow texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(flowEs).sort()).toEqual(Object.keys(flowEn).sort());
    for (const key of Object.keys(flowEn) as (keyof typeof flowEn)[]) expect(names(flowEs[key]), key).toEqual(names(flowEn[key]));
  });
});
