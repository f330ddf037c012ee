// Where the buyer goes back to after a payment (POST /mapi/api/transaction and /checkout `return_url`,
// like Stripe's success_url). The widget navigates the buyer's browser there, or the SDK does, so it
// must be an absolute web address: never `javascript:` or `data:` (script in the merchant's page or
// ours), never relative (relative to what: the widget's origin is ours, not the shop's). Live mode
// takes https only: a buyer leaving a payment page for plain http could be sent anywhere on the way.
// Test mode also takes http, so a developer's shop on http://localhost works.

export const RETURN_URL_MAX_LENGTH = 2000;

export type ReturnUrlMode = 'test' | 'live';

/** What is wrong with `raw` as a return URL, as a message telling the merchant what to send; null when it is fine. */
export function returnUrlProblem(raw: string, mode: ReturnUrlMode): string | null {
  if (raw.length > RETURN_URL_MAX_LENGTH) return `Use at most ${RETURN_URL_MAX_LENGTH} characters for the return URL.`;
  const example = mode === 'live' ? 'https://shop.example.com/thanks' : 'https://shop.example.com/thanks (or http:// in test mode)';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `Send a full URL such as ${example}.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `Send an http(s) URL such as ${example}.`;
  if (mode === 'live' && url.protocol !== 'https:') return 'Use an https:// return URL: live payments return buyers over https only.';
  return null;
}
