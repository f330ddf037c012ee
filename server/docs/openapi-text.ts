// The words of the API reference that are not per endpoint: the introduction (bases, envelope,
// authentication, idempotency, limits, test mode), the error catalogue as a table, and what each
// caller and rate class means. Kept beside the generator so the reference reads as one document.

import type { AnyEndpoint, Caller, RateClass } from '#core/contract/endpoint.ts';
import { ERRORS } from '#core/errors.ts';

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'token',
    description: 'The member app\'s session: an HttpOnly cookie set by login and register. A call that changes something and is authenticated by this cookie must also carry an Origin header of the platform (CSRF).',
  },
  sessionBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: '<user_token>:<session_key>',
    description: 'The same session for API clients: `Authorization: Bearer <user_token>:<session_key>`, from the login answer. No Origin header is needed.',
  },
  merchantSecretKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_test_... / sk_live_...',
    description: 'The merchant\'s secret key, from the merchant\'s own server only: `Authorization: Bearer sk_...`. Never put it in a browser.',
  },
  operatorCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'op_token',
    description: 'The operator console\'s session: an HttpOnly, SameSite=Strict cookie set by `POST /v1/admin/session` (email, password and authenticator code). It ends after 30 minutes without a call. A call that changes something must also carry an Origin header of the platform. A member\'s session or a merchant\'s key is never accepted here.',
  },
  flowCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'flow_token',
    description: 'A guest checkout\'s flow token (spec §6, is_flow=1): an HttpOnly cookie set by `POST /v1/checkout/init`, 12000 seconds. It reaches only its own checkout. A call that changes something and is authenticated by this cookie must also carry an Origin header of the platform. A member\'s session or an operator\'s cookie is never accepted here.',
  },
  flowBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'flw_...',
    description: 'The same flow token as `Authorization: Bearer flw_...` (the init answer\'s `flow_token`; its JSON-stringified form "flw_..." is accepted too), for a flow inside a frame where cookies are not sent.',
  },
} as const;

const CALLER_TEXT: Record<Caller, string> = {
  public: 'anyone; no credential.',
  member: 'a signed-in member or merchant user (session cookie or bearer session).',
  merchant_public: 'anyone holding the merchant\'s publishable `merchant_id`; nothing secret is answered.',
  merchant_secret: 'the merchant\'s server, with its secret key.',
  flow: 'a guest checkout with its flow token.',
  operator: 'an operator of the provider signed in to the console (the `op_token` cookie), in one of the roles listed.',
};

const SESSION_TEXT = {
  required: '',
  during_double_auth: ' Also while this sign-in\'s login code is still pending.',
  expired_password: ' Also with an expired password, so it can be changed.',
  optional: ' The session is optional.',
} as const;

export function callerText(endpoint: AnyEndpoint): string {
  const base = CALLER_TEXT[endpoint.caller];
  if (endpoint.caller === 'operator') return `${base} **Roles:** ${endpoint.roles.map((role) => `\`${role}\``).join(', ')}.`;
  return endpoint.caller === 'member' ? base + SESSION_TEXT[endpoint.session ?? 'required'] : base;
}

export function securityOf(endpoint: AnyEndpoint): Record<string, string[]>[] {
  switch (endpoint.caller) {
    case 'member':
      return endpoint.session === 'optional' ? [{}, { sessionCookie: [] }, { sessionBearer: [] }] : [{ sessionCookie: [] }, { sessionBearer: [] }];
    case 'merchant_secret':
      return [{ merchantSecretKey: [] }];
    case 'operator':
      return [{ operatorCookie: [...endpoint.roles] }];
    case 'flow':
      return [{ flowCookie: [] }, { flowBearer: [] }];
    default:
      return [];
  }
}

export const RATE_CLASS_TEXT: Record<RateClass, string> = {
  none: 'none (a cacheable public read).',
  standard: 'the platform\'s per-address limit (RATE_LIMIT_PER_MINUTE, 600 a minute by default).',
  auth: 'the sign-in limit per address (AUTH_RATE_LIMIT_PER_MINUTE, 20 a minute by default).',
  reset: 'half the sign-in limit per address (10 a minute by default).',
  pay_button: '20 a minute per address.',
  faucet: '60 a minute per address.',
  merchant_key: 'per secret key, not per address: 100 requests a second by default (MERCHANT_RATE_LIMIT_PER_SECOND), or the merchant\'s own figure set by the provider; every secret-key call counts in the same budget. A call without a live key counts against the per-address limit.',
};

export function introduction(): string {
  return [
    'One reference for the **main API** (`/v1/...`: members, their money, merchants\' settings) and the **merchant API** (`/mapi/api/...`: what a merchant\'s server and checkout call). It is generated from the same endpoint table the server registers its routes from, so what you read here is what the server does.',
    '## Answers',
    'A success answers `{"request_status": "1", "request_details": {...}}`; a failure answers `{"request_status": "0", "error_message": {"code", "message", "fields"?, "retry_after_s"?}}` with the HTTP status of its code (`retry_after_s`: the whole seconds until the same request may succeed, on `rate_limited`, `account_locked` and `code_resend_limited`). The `/checkout/*` reads answer `{"success": true, "data": {...}}` and fail as `{"success": false, "error_message": {...}}`. Amounts are decimal strings (`"0.00120000"`, `"12.50"`): crypto has 8 decimals, fiat 2. A JSON number is never an amount.',
    '## Requests',
    'Bodies are JSON (`Content-Type: application/json`, at most 64 KiB and 32 levels deep); any other body is 415. Every body, query and path parameter is checked against its schema: a wrong field answers 400 `validation_failed` with a message per field in `fields`, keyed by its dotted path. A NUL character is refused in every field.',
    '## Authentication',
    'Members sign in with `POST /v1/users/login`; the browser keeps the session in an HttpOnly cookie, API clients send `Authorization: Bearer <user_token>:<session_key>`. One session is live per user: a new login ends the previous one, whose next call answers 401 `invalid_session`. A merchant\'s server calls the merchant API with its secret key; browser-facing merchant calls take only the publishable `merchant_id`.',
    '## Rate limits',
    'Each endpoint names its limit. The merchant API\'s secret-key calls are counted per key (100 a second by default), everything else per address. Every limited answer carries the IETF draft headers `RateLimit-Limit` (requests in the window), `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window restarts); past the limit the answer is 429 `rate_limited` with `Retry-After` in seconds and the same wait as `retry_after_s`. Wait that long, then retry.',
    '## Idempotency',
    'Calls that move money or create a resource take an `Idempotency-Key` header. Retry a call whose answer you did not get with the same key and body: it is done at most once, and the retry answers what the first did.',
    '## Test mode',
    'In test mode (the default) crypto moves on a built-in test network, cards on a test acquirer and mail lands in a dev outbox; every answer that could be mistaken for real money says so (`source: "test"`, `test_mode: true`). Paths marked *test mode only* do not exist in live mode.',
  ].join('\n\n');
}

export function errorCatalogueMarkdown(): string {
  const rows = Object.entries(ERRORS).map(([code, { status, message }]) => `| \`${code}\` | ${status} | ${message.replaceAll('|', '\\|')} |`);
  return ['## Error codes', '| code | HTTP status | message |', '|---|---|---|', ...rows].join('\n');
}

/** The reference's section per resource (the part of an endpoint id before the dot): its title and what it is for. */
export const RESOURCE_SECTIONS: Record<string, { title: string; description: string }> = {
  sessions: { title: 'Sign-in and sessions', description: 'Sign in and out, sign-in links, and who is signed in.' },
  registration: { title: 'Registration', description: 'Create an account: the registration attempt that verifies email and mobile first, the account, and its onboarding details.' },
  profile: { title: 'Profile and password', description: 'Edit the profile, change or reset the password, turn login codes on or off.' },
  verify: { title: 'One-time codes and identity', description: 'Send and check one-time codes; record identity verification.' },
  rates: { title: 'Prices and fees', description: 'Prices at the member\'s rates, price history, coupons and the fee schedule.' },
  conversions: { title: 'Conversions', description: 'Buy, sell, trade and exchange: a quote that holds its price, then the conversion.' },
  wallets: { title: 'Wallets', description: 'Balances per currency, new wallets, and a wallet\'s balance over time.' },
  transactions: { title: 'Transactions', description: 'The member\'s transactions: lists, one transaction, favourites and statements.' },
  deposits: { title: 'Deposits', description: 'Add money by card (with 3-D Secure) or bank wire; saved cards.' },
  withdrawals: { title: 'Withdrawals', description: 'Send crypto or fiat out, confirmed with a one-time code; saved bank accounts.' },
  webhooks: { title: 'Webhooks', description: 'A merchant\'s webhook endpoint, its signing secret and its delivery log.' },
  merchantOffice: { title: 'Merchant back office', description: 'A signed-in merchant\'s payments: the list, the volume received, the CSV export and one payment in full.' },
  merchantSettings: { title: 'Widget settings', description: 'A merchant\'s checkout look: names, logo, colours and return URL.' },
  paymentLinks: { title: 'Payment links', description: 'A merchant\'s payment links: make, list and mail them; the hosted page opens one.' },
  developers: { title: 'Developers', description: 'A merchant\'s secret API keys (create, label, revoke, roll) and, in test mode, the payment simulator and the webhook fault switch.' },
  settlements: { title: 'Settlements', description: 'A merchant\'s settlement bank account and policy, payouts of converted settlements to the bank, their reports, and the widget status sums.' },
  merchant: { title: 'Merchant', description: 'A merchant\'s public details, rates, currencies and markets, for its checkout.' },
  refunds: { title: 'Refunds', description: 'A merchant accepts an invalid payment or refunds money received; the buyer claims a refund with an address.' },
  payments: { title: 'Payments', description: 'Create, read, cancel and send merchant payments; the buyer\'s coin choice, the pay button and receipts.' },
  testNetwork: { title: 'Test network', description: 'Test mode only: pay a test address, mine test blocks, drop a mempool payment (replaced or double spent) and undo the last blocks (a reorganisation).' },
  devOutbox: { title: 'Dev outbox', description: 'Test mode only: the messages the platform would have sent.' },
  platform: { title: 'Platform', description: 'Health, the white-label configuration, the SDK and the visitor\'s country.' },
  reference: { title: 'This reference', description: 'The OpenAPI document itself.' },
  limits: { title: 'Levels and limits', description: 'The member\'s verification level, what each money operation has left today and this month, and what the next level needs; every money operation is refused above it with limit_exceeded.' },
  adminSession: { title: 'Console sign-in', description: 'The operator console: sign in with email, password and authenticator code, sign out, who is signed in.' },
  adminOverview: { title: 'Console overview', description: 'The operator console\'s first page: counts of the areas the operator\'s role may use.' },
  adminMembers: { title: 'Console members', description: 'Find members, see one in full, block, unblock and sign them out; what each role sees is listed per endpoint.' },
  adminAudit: { title: 'Console audit log', description: 'Every operator action of the provider, with the target\'s state before and after; admin only.' },
  adminCompliance: { title: 'Console compliance queue', description: 'Roles compliance and admin: applicants by state and age, one applicant with their photos, and the decision (approve, reject with reasons, ask for more), audited.' },
  compliance: { title: 'Compliance', description: 'A member\'s identity check (KYC): the steps to the next verification level, personal data and address, document photos (encrypted at rest), and the submission the provider or an operator decides.' },
  adminMoney: { title: 'Console money', description: 'Finance and admin operators: match or reject pending wire deposits, approve large withdrawals with two different operators (maker-checker), the approval threshold, merchant payouts and sending a rejected one again, and the ledger check; the guest checkouts\' incoming wires, matched only when reference (with its check character), amount and currency agree.' },
  adminMerchants: { title: 'Console merchants', description: 'The provider\'s merchants: onboard one (its user, record, first secret key shown once, settlement policy), list and open them. Onboarding is admin only; support reads.' },
  adminFees: { title: 'Console fees', description: 'The fee on merchant payments in basis points: the provider default and each merchant\'s own; a payment keeps the fee of its creation. Admin changes them; finance reads.' },
  adminWhitelabel: { title: 'Console white-label', description: 'The provider\'s spec §1 configuration (labels, links, logos, colours, permission flags, languages), read and saved whole against core\'s schema; admin only.' },
  paynet: { title: 'Guest checkout payment', description: 'The flow pays its own checkout by card (test acquirer, 3-D Secure when the card asks), at the checkout\'s single-use quote; an expired quote holds nothing and answers the new figures. The card is authorised, then captured once the checkout is cleared (email and mobile codes, and the identity above what an unverified guest may buy). By bank: wirePreAuth gives the account, a checked reference and a 5-day window (an operator matches the wire); onlineBanking sends the guest to the bank, whose signed callback decides (test mode). The coins are then sent once to the checkout\'s address and getCheckout answers the transaction id. Requires an Idempotency-Key.' },
  checkout: { title: 'Guest checkout', description: 'A visitor without an account buys crypto: start a checkout (priced on the server, the flow token set as a 12000 s HttpOnly cookie), read it and its checkout cookie, save the flow user\'s contact details, mark it pending or canceled, and the merchant\'s public details and fees; a remittance\'s recipient (a coin at an address or fiat at an IBAN, told by e-mail or SMS) and where it stands for the sender. None of these calls moves money, so none takes an Idempotency-Key.' },
  onlineBanking: { title: 'Online banking', description: 'Test mode: the test bank\'s signed callback with a bank payment\'s result, and calls to start a test bank payment and read what was stored.' },
  checkoutVerify: { title: 'Guest checkout verify account', description: 'The guest\'s email and mobile codes (sent, checked, the mobile number changed) and where the checkout\'s clearance stands: a card authorised on paynet/deposit is captured once email, mobile and, above what an unverified guest may buy, the identity (checkout/updatekyc) are verified.' },
  adminGuestIdentity: { title: 'Console guest identity checks', description: 'Roles compliance and admin: the guest checkouts\' identity checks waiting for a person, and the decision (approve, or reject with a reason the guest reads), which captures or releases the held card. Audited.' },
  adminCoupons: { title: 'Console coupons', description: 'The provider\'s coupon codes: the percent of the buy fee each waives (never of the amount), its window and maximum uses, and how often it was used. Admin changes them; finance reads. Audited.' },
  adminChains: { title: 'Console chains', description: 'Roles admin, finance and support, read only: each chain watcher (the test network, or a node watched over JSON-RPC) with its node (password masked), reachability, our height and the node\'s, the lag, the last round and the last error, and the hot wallets payouts leave from. /healthz answers the same list to these operators\' sessions.' },
  buyWidget: { title: 'Buy widget', description: 'The buy widget inside any website\'s page (PayKit.buy): its order (checkout/create, a guest checkout whose flow token the frame sends as a bearer) and the completed order\'s receipt signed for the merchant whose page opened it.' },
};
