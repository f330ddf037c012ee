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

/** The configuration endpoint's answer (spec §1): module, configuration, permissions, meta and languages. */
export const WhiteLabelSchema = v.object({
  module: v.picklist(MODULES),
  configuration: ConfigurationSchema,
  permissions: PermissionsSchema,
  meta: MetaSchema,
  languages: LanguagesSchema,
});
export type WhiteLabel = v.InferOutput<typeof WhiteLabelSchema>;

/** What the server stores per provider; the module is added per request. */
export const ProviderSettingsSchema = v.object({
  configuration: ConfigurationSchema,
  permissions: PermissionsSchema,
  meta: MetaSchema,
  languages: LanguagesSchema,
});
export type ProviderSettings = v.InferOutput<typeof ProviderSettingsSchema>;
