// The merchant's widget settings (spec §2 profile#widgetSettings, §3 "Widget theme", §7
// PATCH /users/merchant/edit): the names, the logo and its size, the colours and the return URL the
// checkout shows. The widget reads them through GET /mapi/api/merchant (merchant-info.ts), so a save
// changes the live checkout. Colours must carry the widget's white button text at WCAG AA (4.5:1); the
// return URL follows the merchant API's rule; the logo is uploaded as bytes, checked by what they are
// (core/payments/logo-file.ts) and served from our origin.

import * as v from 'valibot';
import { buttonColorProblem } from '../rules/button-contrast.ts';
import { LOGO_MAX_BYTES } from '../payments/logo-file.ts';
import { RETURN_URL_MAX_LENGTH, returnUrlProblem } from '../payments/return-url.ts';
import { endpoint } from './endpoint.ts';
import { WidgetSettingsAnswerSchema } from './merchant-info.ts';
import { strictObject } from './schema-kit.ts';

const name = (max: number, what: string) =>
  v.pipe(v.string(`Send ${what} as text.`), v.trim(), v.nonEmpty(`Enter ${what}, or leave the field out to keep it.`), v.maxLength(max, `Use at most ${max} characters.`));

const ColorSchema = v.pipe(
  v.string('Send the colour as text like #053f2e.'),
  v.trim(),
  v.check((hex) => buttonColorProblem(hex) === null, (issue) => buttonColorProblem(String(issue.input)) ?? 'Choose another colour.'),
  v.toLowerCase(),
);

/** Every field is optional: a PATCH changes what it names. widget_return_url null removes it; remove_logo drops the logo. */
export const EditWidgetSettingsSchema = strictObject({
  widget_merchant_name: v.optional(name(100, 'the merchant name')),
  widget_product_name: v.optional(name(200, 'the default product name')),
  widget_logo_size: v.optional(v.picklist(['Large', 'Medium', 'Small'], 'Choose Large, Medium or Small.')),
  widget_theme_primary_color: v.optional(ColorSchema),
  widget_theme_secondary_color: v.optional(ColorSchema),
  widget_return_url: v.optional(
    v.nullable(
      v.pipe(
        v.string('Send the return URL as text, or null to remove it.'),
        v.trim(),
        v.maxLength(RETURN_URL_MAX_LENGTH, `Use at most ${RETURN_URL_MAX_LENGTH} characters for the return URL.`),
        // The test-mode rule; the server adds live mode's https-only rule, since only it knows the mode.
        v.check((url) => returnUrlProblem(url, 'test') === null, (issue) => returnUrlProblem(String(issue.input), 'test') ?? 'Send a full URL.'),
      ),
    ),
  ),
  remove_logo: v.optional(v.literal(true, 'Send remove_logo: true to drop the logo.')),
});
export type EditWidgetSettingsInput = v.InferOutput<typeof EditWidgetSettingsSchema>;

/** Base64 of at most 512 KB of bytes (4/3 of it, rounded up to whole quads). */
const LOGO_BASE64_MAX = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

export const UploadLogoSchema = strictObject({
  logo_base64: v.pipe(
    v.string('Send the file as base64 text.'),
    v.nonEmpty('Choose a logo file.'),
    v.maxLength(LOGO_BASE64_MAX, 'The logo must be at most 512 KB.'),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Send the file as base64 text (A-Z, a-z, 0-9, +, /).'),
  ),
});

export const MerchantSettingsAnswerSchema = v.object({
  merchant_id: v.string(),
  widget: WidgetSettingsAnswerSchema,
});
export type MerchantSettingsAnswer = v.InferOutput<typeof MerchantSettingsAnswerSchema>;

const SESSION_ERRORS = ['unauthorized', 'invalid_session', 'double_auth_required', 'forbidden'] as const;
const EXAMPLE: MerchantSettingsAnswer = {
  merchant_id: 'mch_demo_verdant',
  widget: {
    widget_product_name: 'Garden supplies',
    widget_merchant_name: 'Fernhill Supply',
    widget_return_url: 'https://shop.example.com/thanks',
    widget_theme_logo_url: '/media/merchant-logo/mch_demo_verdant/3f2a9c1b7d4e5f60.png',
    widget_theme_primary_color: '#053f2e',
    widget_theme_secondary_color: '#096e52',
    widget_logo_size: 'Medium',
  },
};

export const getWidgetSettings = endpoint({
  id: 'merchantSettings.get',
  method: 'GET',
  base: 'main',
  path: 'users/merchant/widgetSettings',
  caller: 'member',
  answer: MerchantSettingsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Your widget settings as the checkout reads them, the spec\'s defaults filled in.',
    errors: [...SESSION_ERRORS],
    example: { answer: EXAMPLE },
  },
});

export const editWidgetSettings = endpoint({
  id: 'merchantSettings.edit',
  method: 'PATCH',
  base: 'main',
  path: 'users/merchant/edit',
  caller: 'member',
  body: EditWidgetSettingsSchema,
  answer: MerchantSettingsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Changes the widget settings you name: names, logo size, colours (white text must reach 4.5:1 on them), return URL.',
    description: 'Fields left out keep their value; `widget_return_url: null` removes it; `remove_logo: true` drops the logo. Saving the same values again changes nothing.',
    errors: [...SESSION_ERRORS],
    example: { body: { widget_merchant_name: 'Fernhill Supply', widget_theme_primary_color: '#053f2e', widget_logo_size: 'Medium' }, answer: EXAMPLE },
  },
});

export const uploadWidgetLogo = endpoint({
  id: 'merchantSettings.uploadLogo',
  method: 'POST',
  base: 'main',
  path: 'users/merchant/logo',
  caller: 'member',
  body: UploadLogoSchema,
  answer: MerchantSettingsAnswerSchema,
  idempotency: false,
  rate: 'standard',
  docs: {
    summary: 'Replaces your widget logo: a PNG, JPEG, WebP or plain SVG (no script, handlers or outside references), at most 512 KB, as base64.',
    description: 'The file is checked by its bytes, not its name. Uploading the same file again gives the same logo address.',
    errors: [...SESSION_ERRORS],
    example: { body: { logo_base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' }, answer: EXAMPLE },
  },
});

export const MERCHANT_SETTINGS_ENDPOINTS = [getWidgetSettings, editWidgetSettings, uploadWidgetLogo];
