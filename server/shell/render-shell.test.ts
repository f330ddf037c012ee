import { describe, expect, it } from 'vitest';
import { escapeHtml, renderShell, scriptSafeJson } from './render-shell.ts';

describe('scriptSafeJson', () => {
  it.each([
    { value: { a: '</script>' }, text: '{"a":"\\u003c/script>"}' },
    { value: { a: '<!--' }, text: '{"a":"\\u003c!--"}' },
    { value: { a: 'line\u2028para\u2029' }, text: '{"a":"line\\u2028para\\u2029"}' },
    { value: { a: 'plain & simple' }, text: '{"a":"plain & simple"}' },
  ])('$value is written as $text and reads back the same', ({ value, text }) => {
    expect(scriptSafeJson(value)).toBe(text);
    expect(JSON.parse(scriptSafeJson(value))).toEqual(value);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('renderShell', () => {
  const manifest = { entry: 'main-1.js', css: ['a-1.css'], preload: ['c-1.js', 'c-2.js'] };

  it('without a configuration: title "Error", no favicon, lang from the locale or en', () => {
    const html = renderShell({ module: 'sys-flow', base: '/sys-flow', status: 200, locale: null, whitelabel: null, mode: 'test', coins: ['LTC'] }, 'iframe-app', manifest);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Error</title>');
    expect(html).not.toContain('rel="icon"');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script type="module" src="/static/iframe-app/main-1.js"></script>');
  });

  it('has no inline executable script: every <script> is the module entry or the JSON block', () => {
    const html = renderShell({ module: 'sys-wallets', base: '/sys-wallets', status: 404, locale: 'es', whitelabel: null, mode: 'live', coins: ['BTC', 'ETH'] }, 'member-app', manifest);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="module" src="/static/member-app/main-1.js">', '<script id="wl-boot" type="application/json">']);
    expect(html).toContain('<html lang="es">');
  });
});
