import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import {
  ConfigurationSchema,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  ProviderSettingsSchema,
  WhiteLabelSchema,
} from './whitelabel.ts';
import { testWhiteLabel } from './whitelabel.fixture.ts';

/** The shared fixture, with an absolute mapi base: API bases may be absolute URLs as well as paths. */
const valid = () => {
  const wl = testWhiteLabel();
  return { ...wl, module: 'sys-wallets', configuration: { ...wl.configuration, mapi: 'http://localhost:8080/mapi' } };
};

/** Set one dotted path of the fixture (undefined deletes it). */
function withField(path: string, value: unknown): Record<string, unknown> {
  const root = valid() as unknown as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce((node, key) => node[key] as Record<string, unknown>, root);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return root;
}

function issuePaths(input: unknown): string[] {
  const result = v.safeParse(WhiteLabelSchema, input);
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue) ?? '(root)');
}

describe('white-label configuration schema (spec §1)', () => {
  it('a full valid fixture parses', () => {
    const result = v.safeParse(WhiteLabelSchema, valid());
    expect(result.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it('every configuration field of spec §1 is in the schema, and besides them only the translations of its texts', () => {
    const spec = 'label_name, company_name, disclaimer, support_email, phone, address, terms_url, privacy_url, refund_url, kyc_policy, contact_url, lic_url, wallet_url, markets_url, account_prefix, country_locator, regulation_html, api, mapi';
    expect(Object.keys(ConfigurationSchema.entries).sort()).toEqual([...spec.split(', '), 'translations'].sort());
  });

  it('a configuration without translations parses with none', () => {
    const result = v.parse(WhiteLabelSchema, withField('configuration.translations', undefined));
    expect(result.configuration.translations).toEqual({});
  });

  it('theme colours default to #053f2e and #096e52, the language to en', () => {
    const input = withField('meta.primary_color', undefined);
    delete (input.meta as Record<string, unknown>).secondary_color;
    delete (input.languages as Record<string, unknown>).default;
    const result = v.parse(WhiteLabelSchema, input);
    expect([result.meta.primary_color, result.meta.secondary_color]).toEqual([DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR]);
    expect(DEFAULT_PRIMARY_COLOR).toBe('#053f2e');
    expect(DEFAULT_SECONDARY_COLOR).toBe('#096e52');
    expect(result.languages.default).toBe('en');
  });

  const broken: [string, string, unknown][] = [
    ['an unknown module', 'module', 'sys-nope'],
    ['a missing label_name', 'configuration.label_name', undefined],
    ['an empty company_name', 'configuration.company_name', ''],
    ['a support_email that is not an email', 'configuration.support_email', 'support-at-verdant'],
    ['a terms_url that is not a URL', 'configuration.terms_url', 'terms'],
    ['a javascript: privacy_url', 'configuration.privacy_url', 'javascript:alert(1)'],
    ['a data: refund_url', 'configuration.refund_url', 'data:text/html,hi'],
    ['a protocol-relative api base', 'configuration.api', '//evil.test/v1'],
    ['a backslash api base', 'configuration.mapi', '/\\evil.test'],
    ['a relative wallet_url', 'configuration.wallet_url', 'sys-wallets'],
    ['a lower-case account_prefix', 'configuration.account_prefix', 'vx'],
    ['wl_id as a number', 'permissions.wl_id', 2],
    ['wl_id "0"', 'permissions.wl_id', '0'],
    ['a flag as the string "true"', 'permissions.enable_trade', 'true'],
    ['a flag as 1', 'permissions.hide_settlements', 1],
    ['a missing flag', 'permissions.enable_withdraw', undefined],
    ['a primary colour that is not hex', 'meta.primary_color', 'green'],
    ['an empty title', 'meta.title', ''],
    ['no supported languages', 'languages.supported', []],
    ['an unsupported language', 'languages.supported', ['en', 'fr']],
    ['translations for an unsupported language', 'configuration.translations', { fr: { disclaimer: 'Les cryptoactifs sont volatils.' } }],
    ['an empty translated disclaimer, which would hide it', 'configuration.translations', { es: { disclaimer: '' } }],
    ['a misspelt translated field', 'configuration.translations', { es: { disclaimar: 'Los criptoactivos son volátiles.' } }],
    ['a translated text that is not a string', 'configuration.translations', { es: { regulation_html: 42 } }],
    ['translations for the default language, which has its texts already', 'configuration.translations', { en: { disclaimer: 'Volatile.' } }],
  ];
  it.each(broken)('rejects %s at %s', (_name, path, value) => {
    const paths = issuePaths(withField(path, value));
    // An array element's issue is reported at its index ("languages.supported.1").
    expect(paths.some((p) => p === path || p.startsWith(`${path}.`))).toBe(true);
  });

  it('rejects a default language that is not supported at languages.default', () => {
    // Without the fixture's Spanish texts, which a Spanish default would also refuse (tested above).
    const input = withField('languages', { default: 'es', supported: ['en'] });
    (input.configuration as Record<string, unknown>).translations = {};
    expect(issuePaths(input)).toEqual(['languages.default']);
  });

  it('ProviderSettingsSchema is the same without the module', () => {
    const { module: _module, ...settings } = valid();
    expect(v.safeParse(ProviderSettingsSchema, settings).success).toBe(true);
    const { module: _m, ...twoDefaults } = withField('configuration.translations', { en: { disclaimer: 'Volatile.' } });
    expect(v.safeParse(ProviderSettingsSchema, twoDefaults).success).toBe(false);
  });

  it('a Spanish-default provider may translate its texts into English', () => {
    const input = withField('languages', { default: 'es', supported: ['en', 'es'] });
    (input.configuration as Record<string, unknown>).translations = { en: { disclaimer: 'Crypto assets are volatile.' } };
    expect(issuePaths(input)).toEqual([]);
  });
});
