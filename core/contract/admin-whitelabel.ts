// The operator console's white-label editor: the provider's spec §1 configuration (labels,
// urls, logos, colours, permission flags, languages) read and saved whole, checked by core's
// ProviderSettingsSchema (core/whitelabel.ts), the schema the configuration endpoint and the apps use.
// A save is audited (whitelabel.update, before and after) and served by this server at once.
// admin only: the configuration is the provider's public face and its legal texts.

import * as v from 'valibot';
import { testWhiteLabel } from '../whitelabel.fixture.ts';
import { ProviderSettingsSchema, type ProviderSettings } from '../whitelabel.ts';
import { endpoint } from './endpoint.ts';
import { strictObject } from './schema-kit.ts';

const OPERATOR_ERRORS = ['operator_session_required', 'operator_forbidden', 'forbidden'] as const;

/** null settings: the provider has none yet, or stored ones today's schema refuses; the editor starts from the seed's shape. */
export const WhitelabelAnswerSchema = v.object({ settings: v.nullable(ProviderSettingsSchema) });
export type WhitelabelAnswer = v.InferOutput<typeof WhitelabelAnswerSchema>;

/** Checked by core's schema; the wl_id inside is always replaced by the provider's own. */
export const SaveWhitelabelSchema = strictObject({ settings: ProviderSettingsSchema });

const { module: _module, ...EXAMPLE } = testWhiteLabel();
const EXAMPLE_SETTINGS: ProviderSettings = EXAMPLE;

export const getAdminWhitelabel = endpoint({
  id: 'adminWhitelabel.get',
  method: 'GET',
  base: 'main',
  path: 'admin/whitelabel',
  caller: 'operator',
  roles: ['admin'],
  answer: WhitelabelAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: { summary: 'The provider\'s white-label configuration as stored: configuration, permissions, meta and languages.', errors: [...OPERATOR_ERRORS], example: { answer: { settings: EXAMPLE_SETTINGS } } },
});

export const saveAdminWhitelabel = endpoint({
  id: 'adminWhitelabel.save',
  method: 'PUT',
  base: 'main',
  path: 'admin/whitelabel',
  caller: 'operator',
  roles: ['admin'],
  body: SaveWhitelabelSchema,
  answer: WhitelabelAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Saves the provider\'s white-label configuration whole; a field the schema refuses is a 400 naming it by path ("settings.meta.primary_color"). The member app and the checkout show it from the next page load.',
    errors: [...OPERATOR_ERRORS],
    example: { body: { settings: EXAMPLE_SETTINGS }, answer: { settings: EXAMPLE_SETTINGS } },
  },
});

export const ADMIN_WHITELABEL_ENDPOINTS = [getAdminWhitelabel, saveAdminWhitelabel] as const;
