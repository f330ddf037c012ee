import { describe, expect, it } from 'vitest';
import { checkoutSnippet, payButtonSnippet } from './integration-snippet.ts';

const sdk = { url: 'https://pay.example.com/sdk/v1/pay.js', integrity: 'sha384-abc+/=' };

describe('the integration snippet', () => {
  it('names this merchant, pay.js and its integrity hash, with crossorigin so the browser checks it', () => {
    const text = checkoutSnippet(sdk, 'mch_demo_verdant');
    expect(text).toContain('<script src="https://pay.example.com/sdk/v1/pay.js"');
    expect(text).toContain('integrity="sha384-abc+/=" crossorigin="anonymous"');
    expect(text).toContain('PayKit.open({ merchantId: "mch_demo_verdant"');
    expect(payButtonSnippet(sdk, 'mch_demo_verdant')).toContain('data-merchant-id="mch_demo_verdant"');
  });

  it('cannot be broken out of by odd characters in a value', () => {
    const text = payButtonSnippet({ url: 'https://x/"><script>', integrity: 'sha384-a' }, 'mch_"x');
    expect(text).not.toContain('"><script>');
    expect(text).toContain('data-merchant-id="mch_&quot;x"');
  });
});
