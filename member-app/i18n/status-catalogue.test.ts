import { describe, expect, it } from 'vitest';
import { translator } from '#ui/i18n/translate.ts';
import { BLOCKED_REASONS, MAINTENANCE_AREAS } from '../status/status-slugs.ts';
import { statusEn } from './status-en.ts';
import { statusEs } from './status-es.ts';

describe('the blocked and maintenance texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(statusEs).sort()).toEqual(Object.keys(statusEn).sort());
    for (const key of Object.keys(statusEn) as (keyof typeof statusEn)[]) expect(names(statusEs[key]), key).toEqual(names(statusEn[key]));
  });

  it('has a title and a body for every slug of the tables and for the generic page', () => {
    const keys = Object.keys(statusEn);
    for (const slug of [...BLOCKED_REASONS, 'generic']) expect(keys).toEqual(expect.arrayContaining([`blocked.${slug}.title`, `blocked.${slug}.body`]));
    for (const slug of [...MAINTENANCE_AREAS, 'generic']) expect(keys).toEqual(expect.arrayContaining([`maintenance.${slug}.title`, `maintenance.${slug}.body`]));
  });

  it('says "{label_name} is not available in your country or region" for the country slug', () => {
    const t = translator({ en: statusEn, es: statusEs }, 'en');
    expect(t('blocked.country.title', { label: 'Harbor Coin' })).toBe('Harbor Coin is not available in your country or region');
  });
});
