// A merchant's widget settings (merchants.widget_settings, the spec §3 widget_* keys the checkout reads
// through GET /mapi/api/merchant): reading them with the spec's defaults, changing the fields a PATCH
// names, and the logo: bytes checked by what they are (core/payments/logo-file.ts), stored in
// merchant_logos, and named in widget_theme_logo_url by a path on our origin that changes with the file.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EditWidgetSettingsInput, MerchantSettingsAnswer } from '#core/contract/merchant-settings.ts';
import { checkLogo, type LogoType } from '#core/payments/logo-file.ts';
import { returnUrlProblem } from '#core/payments/return-url.ts';
import { widgetSettingsAnswer } from '#core/payments/widget-settings.ts';
import type { Database, WidgetSettings } from '../db/schema.ts';
import { toJsonb } from '../db/jsonb.ts';
import { apiError } from '../http/api-error.ts';
import type { MerchantContext } from '../merchants/merchant-context.ts';
import { merchantsChanged } from '../merchants/secret-key-cache.ts';

export const LOGO_PATH_PREFIX = '/media/merchant-logo';

const EXTENSIONS: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/** The logo's file name: a prefix of its SHA-256, so a new logo is a new address and the old one can be cached for ever. */
export function logoFileName(sha256: string, type: LogoType): string {
  return `${sha256.slice(0, 16)}.${EXTENSIONS[type]}`;
}

function fieldError(field: string, message: string): never {
  throw apiError('validation_failed', undefined, { [field]: [message] });
}

async function storedSettings(db: Kysely<Database>, merchant: MerchantContext): Promise<WidgetSettings> {
  const row = await db.selectFrom('merchants').select('widget_settings').where('id', '=', merchant.id).executeTakeFirstOrThrow();
  return row.widget_settings;
}

async function save(db: Kysely<Database>, merchant: MerchantContext, settings: WidgetSettings): Promise<MerchantSettingsAnswer> {
  await db.updateTable('merchants').set({ widget_settings: toJsonb(settings) }).where('id', '=', merchant.id).execute();
  // The return URL is part of the MerchantContext the secret-key guard caches.
  merchantsChanged();
  return answerOf(merchant, settings);
}

function answerOf(merchant: MerchantContext, settings: WidgetSettings): MerchantSettingsAnswer {
  const widget = widgetSettingsAnswer(settings);
  // The account name, not the spec's "Brand Name", is what a merchant who never named its widget sees.
  if (!settings.widget_merchant_name?.trim()) widget.widget_merchant_name = merchant.name;
  return { merchant_id: merchant.merchantId, widget };
}

export async function widgetSettingsOf(db: Kysely<Database>, merchant: MerchantContext): Promise<MerchantSettingsAnswer> {
  return answerOf(merchant, await storedSettings(db, merchant));
}

export async function editWidgetSettings(db: Kysely<Database>, merchant: MerchantContext, input: EditWidgetSettingsInput, mode: 'test' | 'live'): Promise<MerchantSettingsAnswer> {
  if (input.widget_return_url) {
    const problem = returnUrlProblem(input.widget_return_url, mode);
    if (problem) fieldError('widget_return_url', problem);
  }
  const next: WidgetSettings = { ...(await storedSettings(db, merchant)) };
  if (input.widget_merchant_name !== undefined) next.widget_merchant_name = input.widget_merchant_name;
  if (input.widget_product_name !== undefined) next.widget_product_name = input.widget_product_name;
  if (input.widget_logo_size !== undefined) next.widget_logo_size = input.widget_logo_size;
  if (input.widget_theme_primary_color !== undefined) next.widget_theme_primary_color = input.widget_theme_primary_color;
  if (input.widget_theme_secondary_color !== undefined) next.widget_theme_secondary_color = input.widget_theme_secondary_color;
  if (input.widget_return_url === null || input.widget_return_url === '') delete next.widget_return_url;
  else if (input.widget_return_url !== undefined) next.widget_return_url = input.widget_return_url;
  if (input.remove_logo) {
    delete next.widget_theme_logo_url;
    await db.deleteFrom('merchant_logos').where('merchant_id', '=', merchant.id).execute();
  }
  return save(db, merchant, next);
}

export async function uploadLogo(db: Kysely<Database>, merchant: MerchantContext, base64: string): Promise<MerchantSettingsAnswer> {
  const bytes = Buffer.from(base64, 'base64');
  const checked = checkLogo(bytes);
  if (!checked.ok) fieldError('logo_base64', checked.message);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insertInto('merchant_logos')
    .values({ merchant_id: merchant.id, content_type: checked.type, bytes, sha256, updated_at: new Date() })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ content_type: checked.type, bytes, sha256, updated_at: new Date() }))
    .execute();
  const next: WidgetSettings = { ...(await storedSettings(db, merchant)), widget_theme_logo_url: `${LOGO_PATH_PREFIX}/${merchant.merchantId}/${logoFileName(sha256, checked.type)}` };
  return save(db, merchant, next);
}

/** The logo behind a logo address; null when the merchant has none or the address names an older file. */
export async function logoFile(db: Kysely<Database>, merchantId: string, file: string): Promise<{ type: LogoType; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom('merchant_logos')
    .innerJoin('merchants', 'merchants.id', 'merchant_logos.merchant_id')
    .select(['merchant_logos.content_type', 'merchant_logos.bytes', 'merchant_logos.sha256'])
    .where('merchants.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row || logoFileName(row.sha256, row.content_type) !== file) return null;
  return { type: row.content_type, bytes: row.bytes };
}
