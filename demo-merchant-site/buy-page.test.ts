import { describe, expect, it } from 'vitest';
import { renderBuyPage } from './buy-page.ts';

const VALUES = { platformOrigin: 'http://localhost:8080', merchantId: 'mch_demo_verdant', integrity: 'sha384-abc+/=' };

describe('the shop\'s buy crypto page', () => {
  it('pins both pay.js tags (the JS API\'s and the data-coin button\'s) with the published hash', () => {
    const tags = renderBuyPage(VALUES).match(/<script src="http:\/\/localhost:8080\/sdk\/v1\/pay\.js"[^>]*>/g) ?? [];
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).toMatch(/integrity="sha384-abc\+\/=" crossorigin="anonymous"/);
    expect(tags[1]).toMatch(/data-coin="ETH" data-fiat="EUR" data-amount="50.00" data-merchant-id="mch_demo_verdant"/);
  });

  it('has no inline script or style, which its CSP would refuse', () => {
    const html = renderBuyPage(VALUES);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle="|\son[a-z]+="/);
  });

  it('when pay.js is not built, says so and offers no button that cannot work', () => {
    const html = renderBuyPage({ ...VALUES, unavailable: 'pay.js is not built yet: run npm run build, then reload this page.' });
    expect(html).toContain('pay.js is not built yet');
    expect(html).not.toContain('/sdk/v1/pay.js" integrity');
    expect(html).toContain('id="buy-bitcoin" disabled');
  });

  it('escapes the merchant id it prints', () => {
    expect(renderBuyPage({ ...VALUES, merchantId: '"><img src=x>' })).not.toContain('"><img src=x>');
  });
});
