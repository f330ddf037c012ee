// Widget settings through the app: reading and changing them (each merchant its own), the contrast and
// return-URL refusals, the logo upload checked by its bytes and served from our origin, and the merchant
// API's answer the live checkout reads changing with them.

import { beforeAll, describe, expect, it } from 'vitest';
import { call, ORIGIN, randomIp, signIn } from '../identity/session-test-kit.ts';
import { addMerchant } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const SETTINGS = '/v1/users/merchant/widgetSettings';
const EDIT = '/v1/users/merchant/edit';
const LOGO = '/v1/users/merchant/logo';
// A real 1x1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(testDatabases())('widget settings on $name', ({ name }) => {
  const t = useTestApp(name);
  let merchant: string;
  let other: string;
  let otherMerchantId: string;
  let member: string;

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    const second = await addMerchant(t.app.db);
    otherMerchantId = second.merchantId;
    const email = (await t.app.db.selectFrom('users').innerJoin('merchants', 'merchants.user_id', 'users.id').select('users.email').where('merchants.id', '=', second.id).executeTakeFirstOrThrow()).email;
    other = (await signIn(t.app, email, t.seed!.merchant.password)).credential;
  });

  const edit = (body: unknown, credential = merchant) => call(t.app, 'PATCH', EDIT, body, { credential });
  const upload = (logo_base64: string, credential = merchant) =>
    t.app.inject({
      method: 'POST',
      url: LOGO,
      headers: { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ logo_base64 }),
      remoteAddress: randomIp(),
    });
  const publicMerchant = async (merchantId = t.seed!.merchant.merchantId) => (await call(t.app, 'GET', `/mapi/api/merchant?merchant_id=${merchantId}`, undefined, { origin: null })).body.request_details;

  it('reads the seeded settings with the spec defaults filled in', async () => {
    const answer = await call(t.app, 'GET', SETTINGS, undefined, { credential: merchant });
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toMatchObject({ merchant_id: t.seed!.merchant.merchantId, widget: { widget_product_name: 'Garden supplies', widget_logo_size: 'Medium' } });
  });

  it('a PATCH changes what it names, and the checkout reads the change through GET /mapi/api/merchant', async () => {
    const saved = await edit({ widget_merchant_name: 'Fernhill Supply', widget_theme_primary_color: '#1D3557', widget_theme_secondary_color: '#2a4d69', widget_logo_size: 'Large', widget_return_url: 'https://shop.example.com/thanks' });
    expect(saved.status).toBe(200);
    expect(saved.body.request_details.widget).toMatchObject({ widget_merchant_name: 'Fernhill Supply', widget_theme_primary_color: '#1d3557', widget_logo_size: 'Large', widget_product_name: 'Garden supplies' });
    expect((await publicMerchant()).widget).toMatchObject({ widget_merchant_name: 'Fernhill Supply', widget_theme_primary_color: '#1d3557', widget_theme_secondary_color: '#2a4d69', widget_return_url: 'https://shop.example.com/thanks' });
    // Saving the same again changes nothing; null removes the return URL.
    expect((await edit({ widget_merchant_name: 'Fernhill Supply' })).body.request_details).toEqual(saved.body.request_details);
    expect((await edit({ widget_return_url: null })).body.request_details.widget.widget_return_url).toBeNull();
  });

  it.each([
    ['a pale primary colour (white text under 4.5:1)', { widget_theme_primary_color: '#ffe066' }, 'widget_theme_primary_color', /WCAG AA/],
    ['a mid grey secondary colour at 4.48:1', { widget_theme_secondary_color: '#777777' }, 'widget_theme_secondary_color', /4\.48:1/],
    ['a colour that is not hex', { widget_theme_primary_color: 'red' }, 'widget_theme_primary_color', /six hex digits/],
    ['a javascript: return URL', { widget_return_url: 'javascript:alert(1)' }, 'widget_return_url', /http/],
    ['a relative return URL', { widget_return_url: '/thanks' }, 'widget_return_url', /full URL/],
    ['an empty merchant name', { widget_merchant_name: '  ' }, 'widget_merchant_name', /Enter/],
    ['an unknown logo size', { widget_logo_size: 'Huge' }, 'widget_logo_size', /Large, Medium or Small/],
    ['a logo URL set by hand', { widget_theme_logo_url: 'https://evil.example/x.svg' }, 'widget_theme_logo_url', /.+/],
  ])('refuses %s with a field error', async (_name, body, field, message) => {
    const answer = await edit(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.fields[field][0]).toMatch(message);
  });

  it('a real PNG is stored and served from our origin with its type, nosniff and a sandboxing CSP; the checkout shows it', async () => {
    const answer = await upload(PNG_BASE64);
    expect(answer.statusCode).toBe(200);
    const url = answer.json().request_details.widget.widget_theme_logo_url as string;
    expect(url).toMatch(new RegExp(`^/media/merchant-logo/${t.seed!.merchant.merchantId}/[0-9a-f]{16}\\.png$`));
    expect((await publicMerchant()).widget.widget_theme_logo_url).toBe(url);
    const file = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    // The same file again keeps its address; an address of another file is not found.
    expect((await upload(PNG_BASE64)).json().request_details.widget.widget_theme_logo_url).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{16}/, '0000000000000000'), headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it.each([
    ['HTML named as a PNG', b64('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'), /not a PNG, JPEG, WebP or SVG/],
    ['an SVG with a script', b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), /script/],
    ['an SVG with an onload handler', b64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'), /event handler/],
    ['a PNG over 512 KB', Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(512 * 1024)]).toString('base64'), /512 KB/],
  ])('refuses %s as the logo', async (_name, logo, message) => {
    const answer = await upload(logo);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error_message.fields.logo_base64[0]).toMatch(message);
  });

  it('a plain SVG is accepted and served as image/svg+xml; remove_logo drops it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#053f2e"/></svg>';
    const url = (await upload(b64(svg))).json().request_details.widget.widget_theme_logo_url as string;
    expect(url).toMatch(/\.svg$/);
    const file = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(file.headers['content-type']).toBe('image/svg+xml');
    const removed = await edit({ remove_logo: true });
    expect(removed.body.request_details.widget.widget_theme_logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(404);
  });

  it('each merchant reads and changes only its own settings; a member is refused', async () => {
    await edit({ widget_merchant_name: 'Other Brand', widget_theme_primary_color: '#3a0ca3' }, other);
    expect((await call(t.app, 'GET', SETTINGS, undefined, { credential: other })).body.request_details).toMatchObject({ merchant_id: otherMerchantId, widget: { widget_merchant_name: 'Other Brand' } });
    expect((await publicMerchant()).widget.widget_merchant_name).toBe('Fernhill Supply');
    expect((await publicMerchant(otherMerchantId)).widget.widget_theme_primary_color).toBe('#3a0ca3');
    expect((await call(t.app, 'GET', SETTINGS, undefined, { credential: member })).status).toBe(403);
    expect((await edit({ widget_merchant_name: 'x' }, member)).status).toBe(403);
  });

  it('a session of the first provider does not work on the second provider\'s host', async () => {
    expect((await call(t.app, 'GET', SETTINGS, undefined, { credential: merchant, host: 'wl2.localhost' })).status).toBe(401);
  });
});
