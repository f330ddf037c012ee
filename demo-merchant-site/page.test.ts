import { describe, expect, it } from 'vitest';
import { formatEuro } from './catalog.ts';
import { escapeHtml, renderShopPage } from './page.ts';
import { shopCsp } from './server.ts';

const VALUES = { platformOrigin: 'http://localhost:8080', merchantId: 'mch_demo_verdant', integrity: 'sha384-abc+/=' };

describe('the shop page', () => {
  it('pins both pay.js tags with the published integrity hash and crossorigin', () => {
    const html = renderShopPage(VALUES);
    const tags = html.match(/<script src="http:\/\/localhost:8080\/sdk\/v1\/pay\.js"[^>]*>/g) ?? [];
    expect(tags).toHaveLength(2);
    for (const tag of tags) {
      expect(tag).toContain('integrity="sha384-abc+/="');
      expect(tag).toContain('crossorigin="anonymous"');
    }
  });

  it('has no inline script or style, which its CSP would refuse', () => {
    const html = renderShopPage(VALUES);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
  });

  it('when pay.js is not built, says so and offers no checkout button that cannot work', () => {
    const html = renderShopPage({ ...VALUES, unavailable: 'pay.js is not built yet: run npm run build, then reload this page.' });
    expect(html).toContain('pay.js is not built yet');
    expect(html).not.toContain('/sdk/v1/pay.js" integrity');
    expect(html.match(/class="buy" disabled/g)).toHaveLength(3);
  });

  it('escapes what it prints', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(renderShopPage({ ...VALUES, merchantId: '"><img src=x>' })).not.toContain('"><img src=x>');
  });
});

describe('the shop CSP', () => {
  it('lets scripts and frames come only from itself and the platform, and nothing inline', () => {
    const csp = shopCsp('http://localhost:8080');
    expect(csp).toContain("script-src 'self' http://localhost:8080");
    expect(csp).toContain('frame-src http://localhost:8080');
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe');
  });
});

describe('prices', () => {
  it.each([
    ['49.00', '€49.00'],
    ['1234.5', '€1,234.50'],
    ['1000000.00', '€1,000,000.00'],
    ['0.99', '€0.99'],
  ])('%s shows as %s', (amount, shown) => {
    expect(formatEuro(amount)).toBe(shown);
  });
});
