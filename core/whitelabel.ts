// The white-label configuration of spec §1: what one provider's deployment looks like.
// The server stores it per provider and answers it from the configuration endpoint; the apps
// validate it again on arrival, because a half-filled configuration must land on /error rather
// than render a page with holes in it.

import * as v from 'valibot';
import { LOCALES, FALLBACK_LOCALE } from './language.ts';
import { MODULES } from './modules.ts';

/**
 * http(s) only: v.url alone accepts javascript: and data: URLs, and these fields become link hrefs
 * (the iframe app renders with Preact, which writes an href as given).
 */
const url = v.pipe(v.string(), v.url('must be an absolute URL'), v.regex(/^https?:\/\//i, 'must be an http or https URL'));
/**
 * API bases may be absolute or same-origin paths ("/v1"). "//host" is protocol-relative, i.e.
 * another origin, so a path may not start with two slashes (or a backslash, which browsers read as one).
 */
const base = v.pipe(
  v.string(),
  v.regex(/^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/, 'must be an absolute URL or a path starting with a single /'),
);
const hexColor = v.pipe(v.string(), v.hexColor('must be a hex colour like #053f2e'));

/**
 * The provider's texts in one more language. Each is optional (a missing one falls back to the
 * default language's text, core/provider-texts.ts) but never empty: an empty translation would
 * silently drop a legal text from that language's pages. Unknown keys are refused so a misspelt
 * field name is an error, not a text that never shows.
 */
export const TranslatedTextsSchema = v.strictObject({
  disclaimer: v.optional(v.pipe(v.string(), v.minLength(1, 'leave the field out to use the default language text'))),
  regulation_html: v.optional(v.pipe(v.string(), v.minLength(1, 'leave the field out to use the default language text'))),
});
export type TranslatedTexts = v.InferOutput<typeof TranslatedTextsSchema>;

/** Spec §1 configuration fields, every one of them. */
export const ConfigurationSchema = v.object({
  label_name: v.pipe(v.string(), v.minLength(1)),
  company_name: v.pipe(v.string(), v.minLength(1)),
  disclaimer: v.string(),
  support_email: v.pipe(v.string(), v.email()),
  phone: v.string(),
  address: v.string(),
  terms_url: url,
  privacy_url: url,
  refund_url: url,
  kyc_policy: url,
  contact_url: url,
  lic_url: url,
  wallet_url: base,
  markets_url: base,
  /** Prefix of the account number shown in the header menu: account_prefix + client id. */
  account_prefix: v.pipe(v.string(), v.regex(/^[A-Z0-9-]{0,12}$/, 'must be up to 12 capital letters, digits or dashes')),
  /** Spec §7: a GET here answers request_details.country. */
  country_locator: base,
  /** Regulatory text shown in footers; rendered as sanitised HTML by the apps. */
  regulation_html: v.string(),
  api: base,
  mapi: base,
  /**
   * disclaimer and regulation_html above are in the provider's default language; this holds them in
   * the other languages it offers, e.g. { es: { disclaimer: '...', regulation_html: '...' } }.
   */
  translations: v.optional(v.record(v.picklist(LOCALES, 'must be a supported language'), v.optional(TranslatedTextsSchema)), {}),
});
export type Configuration = v.InferOutput<typeof ConfigurationSchema>;

/** Spec §3 permission flags. wl_id is a string on the wire: spec §6 compares it with "2". */
export const PermissionsSchema = v.object({
  wl_id: v.pipe(v.string(), v.regex(/^[1-9][0-9]*$/, 'must be a positive whole number as a string')),
  registration_new_flow: v.boolean(),
  enable_flow: v.boolean(),
  enable_trade: v.boolean(),
  enable_exchange: v.boolean(),
  enable_widget: v.boolean(),
  enable_withdraw: v.boolean(),
  enable_statements: v.boolean(),
  hide_settlements: v.boolean(),
  hide_account_verification: v.boolean(),
  hide_account_value_btc: v.boolean(),
});
export type Permissions = v.InferOutput<typeof PermissionsSchema>;

export const DEFAULT_PRIMARY_COLOR = '#053f2e';
export const DEFAULT_SECONDARY_COLOR = '#096e52';

/** Branding: the labels, logos and colours that make one provider look like itself. */
export const MetaSchema = v.object({
  title: v.pipe(v.string(), v.minLength(1)),
  description: v.string(),
  logo_url: base,
  favicon_url: base,
  primary_color: v.optional(hexColor, DEFAULT_PRIMARY_COLOR),
  secondary_color: v.optional(hexColor, DEFAULT_SECONDARY_COLOR),
});
export type Meta = v.InferOutput<typeof MetaSchema>;

/** The default language must be one of the supported ones, or the app would open in a language it refuses. */
export const LanguagesSchema = v.pipe(
  v.object({
    default: v.optional(v.picklist(LOCALES), FALLBACK_LOCALE),
    supported: v.pipe(v.array(v.picklist(LOCALES)), v.minLength(1)),
  }),
  v.forward(
    v.check((languages) => languages.supported.includes(languages.default), 'must be one of the supported languages'),
    ['default'],
  ),
);
export type Languages = v.InferOutput<typeof LanguagesSchema>;

/**
 * The default language's texts are configuration.disclaimer and .regulation_html themselves: a
 * translation for it as well would leave two texts for one page and no way to tell which one shows.
 */
function noTranslationForTheDefault<T extends { configuration: Configuration; languages: Languages }>(settings: T): boolean {
  return settings.configuration.translations[settings.languages.default] === undefined;
}
const TRANSLATION_FOR_THE_DEFAULT = 'must not hold the default language: its texts are disclaimer and regulation_html';

const settingsEntries = {
  configuration: ConfigurationSchema,
  permissions: PermissionsSchema,
  meta: MetaSchema,
  languages: LanguagesSchema,
};

/** The configuration endpoint's answer (spec §1): module, configuration, permissions, meta and languages. */
export const WhiteLabelSchema = v.pipe(
  v.object({ module: v.picklist(MODULES), ...settingsEntries }),
  v.forward(v.check(noTranslationForTheDefault, TRANSLATION_FOR_THE_DEFAULT), ['configuration', 'translations']),
);
export type WhiteLabel = v.InferOutput<typeof WhiteLabelSchema>;

/** What the server stores per provider; the module is added per request. */
export const ProviderSettingsSchema = v.pipe(
  v.object(settingsEntries),
  v.forward(v.check(noTranslationForTheDefault, TRANSLATION_FOR_THE_DEFAULT), ['configuration', 'translations']),
);
export type ProviderSettings = v.InferOutput<typeof ProviderSettingsSchema>;
