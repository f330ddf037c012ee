import { describe, expect, it } from 'vitest';
import { CONSOLE_AREAS } from '#core/operators/areas.ts';
import { OPERATOR_ROLES } from '#core/operators/roles.ts';
import { adminConsoleEn } from './admin-console-en.ts';
import { adminConsoleEs } from './admin-console-es.ts';
import { adminAuditEn } from './admin-audit-en.ts';
import { adminAuditEs } from './admin-audit-es.ts';
import { adminMembersEn } from './admin-members-en.ts';
import { adminMembersEs } from './admin-members-es.ts';

describe('the operator console texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(adminConsoleEs).sort()).toEqual(Object.keys(adminConsoleEn).sort());
    for (const key of Object.keys(adminConsoleEn) as (keyof typeof adminConsoleEn)[]) expect(names(adminConsoleEs[key]), key).toEqual(names(adminConsoleEn[key]));
  });

  it('names every area and every role', () => {
    for (const area of CONSOLE_AREAS) expect(Object.keys(adminConsoleEn)).toContain(`area.${area}`);
    for (const role of OPERATOR_ROLES) expect(Object.keys(adminConsoleEn)).toContain(`role.${role}`);
  });

  it.each([
    ['audit', adminAuditEn, adminAuditEs],
    ['members', adminMembersEn, adminMembersEs],
  ] as const)('the %s page has a Spanish text for every English key, with the same placeholders', (_name, en, es) => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(names((es as Record<string, string>)[key] ?? ''), key).toEqual(names((en as Record<string, string>)[key] ?? ''));
  });
});
