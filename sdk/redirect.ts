// The checkout frame cannot navigate the merchant page (its sandbox has no allow-top-navigation); it asks
// with a `redirect` event and the SDK decides. It follows an https: URL, or a URL on the merchant page's
// own origin (so the plain-http demo shop and local test shops get their buyers back). javascript:,
// data:, plain http: elsewhere and everything else are refused whatever the checkout says.
// The trailing '/' matters: "http://127.0.0.1:4000.evil.example" must not pass as "http://127.0.0.1:4000".

// loader.ts writes this rule out (a call wrapper survives minification, and pay.js pays for every byte);
// redirect.test.ts holds the two equal.
export function isFollowableRedirect(url: string, pageOrigin: string): boolean {
  return /^https:\/\/./.test(url) || url.startsWith(`${pageOrigin}/`);
}
