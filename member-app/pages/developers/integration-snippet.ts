// The integration snippets of docs/merchant-integration.md, filled in with this merchant's publishable id
// and pay.js's current URL and Subresource Integrity hash (GET /v1/sdk). Pure, so it is tested as text.

export interface SdkInfo {
  url: string;
  integrity: string;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function checkoutSnippet(sdk: SdkInfo, merchantId: string): string {
  return [
    `<script src="${attribute(sdk.url)}"`,
    `        integrity="${attribute(sdk.integrity)}" crossorigin="anonymous"></script>`,
    '<script type="module">',
    '  // transactionToken: from your server (POST /mapi/api/transaction with your secret key).',
    `  const checkout = PayKit.open({ merchantId: ${JSON.stringify(merchantId)}, token: transactionToken, locale: 'en' });`,
    '  const result = await checkout.result; // never rejects',
    "  if (result.status === 'payment-success') { /* send result.receipt to your server */ }",
    '</script>',
  ].join('\n');
}

export function payButtonSnippet(sdk: SdkInfo, merchantId: string): string {
  return [
    `<script src="${attribute(sdk.url)}"`,
    `        integrity="${attribute(sdk.integrity)}" crossorigin="anonymous"`,
    `        data-merchant-id="${attribute(merchantId)}" data-amount="49.00" data-currency="EUR"`,
    '        data-product="Your product" data-order-id="A-1042"></script>',
  ].join('\n');
}
