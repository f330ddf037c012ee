import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from '#core/rules/transaction-display.ts';
import { translator } from '#ui/i18n/translate.ts';
import { STATUS_KEYS } from '../wallets/transaction-view.ts';
import { walletsEn, type WalletsKey } from './wallets-en.ts';
import { walletsEs } from './wallets-es.ts';

describe('the wallet texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(walletsEs).sort()).toEqual(Object.keys(walletsEn).sort());
    for (const key of Object.keys(walletsEn) as WalletsKey[]) expect(names(walletsEs[key]), key).toEqual(names(walletsEn[key]));
  });

  it('says every spec §4 status label in English exactly as the spec words it', () => {
    const t = translator({ en: walletsEn, es: walletsEs }, 'en');
    for (const label of Object.values(STATUS_LABELS)) expect(t(STATUS_KEYS[label] as WalletsKey)).toBe(label);
  });

  it('translates the status labels into Spanish', () => {
    const t = translator({ en: walletsEn, es: walletsEs }, 'es');
    expect(t('status.approved')).toBe('aprobada');
    expect(t('status.twoFaPending')).toBe('Pendiente de 2FA');
  });
});
