import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { testWhiteLabel } from '#core/whitelabel.fixture.ts';
import { ProviderSettingsSchema } from '#core/whitelabel.ts';
import { readPath, switchDefaultLanguage, toggleLanguage, writePath, writeTranslation, type Draft } from './settings-draft.ts';

function draft(): Draft {
  const { module: _module, ...settings } = testWhiteLabel();
  return settings;
}

describe('the white-label editor draft', () => {
  it('reads and writes by the dotted path of a field error, leaving the original untouched', () => {
    const before = draft();
    const after = writePath(before, 'meta.primary_color', '#aa0000');
    expect(readPath(after, 'meta.primary_color')).toBe('#aa0000');
    expect(before.meta.primary_color).toBe('#053f2e');
    expect(after.configuration).toBe(before.configuration);
  });

  it('an emptied translation is left out, so the default language text shows', () => {
    const emptied = writeTranslation(draft(), 'es', 'disclaimer', '');
    expect(emptied.configuration.translations.es).toBeUndefined();
    expect(v.safeParse(ProviderSettingsSchema, emptied).success).toBe(true);
  });

  it('switching the default language swaps its texts with the translation and stays valid for the schema', () => {
    const switched = switchDefaultLanguage(draft(), 'es');
    expect(switched.languages.default).toBe('es');
    expect(switched.configuration.disclaimer).toBe('Los criptoactivos son volátiles.');
    expect(switched.configuration.translations.en?.disclaimer).toBe('Crypto assets are volatile.');
    expect(switched.configuration.translations.es).toBeUndefined();
    expect(v.safeParse(ProviderSettingsSchema, switched).success).toBe(true);
    expect(switchDefaultLanguage(switched, 'en').configuration.disclaimer).toBe('Crypto assets are volatile.');
  });

  it('the default language cannot be switched off', () => {
    expect(toggleLanguage(draft(), 'en', false).languages.supported).toEqual(['en', 'es']);
    expect(toggleLanguage(draft(), 'es', false).languages.supported).toEqual(['en']);
  });
});
