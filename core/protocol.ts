// The wire protocol between the merchant SDK (sdk/) and the checkout iframe (ui/checkout/bridge.ts).
// One discriminated union, one version, hand-written guards.
//
// The conversation, in order:
//   1. parent -> iframe  `init`  window.postMessage to the exact checkout origin, transferring port2 of a
//                                fresh MessageChannel. Carries the channel id and the params.
//   2. iframe -> parent  `ready` over the port: the handshake. Then every event, over the port only.
// The SDK accepts no window message at all. The browser delivers `init`, and with it the port, only if
// the frame's document is at the checkout origin (postMessage's targetOrigin), so whatever arrives on
// port1 comes from that document: the checks on event.source and event.origin are done by the browser
// at the transfer, and cannot be forged by other frames or by scripts on the merchant page. The channel
// id (16 random bytes) is checked on every message as well.
//
// Who checks what. The checkout holds the full guards: it validates `init` on arrival and validates every
// event before sending it (bridge.send throws on a malformed event: a bug found in the checkout's tests,
// never shipped to a merchant). pay.js checks the envelope (version and channel) and the fields it acts
// on (a redirect's URL; a height is only ever written through CSSOM). The per-field guard tables cost
// about 450 bytes gzip, more than a third of pay.js's 1.2 KB budget, on a channel only the checkout holds.
//
// Guards ignore unknown fields on purpose: a merchant who pins pay.js with an SRI hash keeps an older SDK
// while the checkout moves on, so v1 may grow optional fields; breaking changes bump `v`.

export const PROTOCOL_VERSION = 1;
export type ProtocolVersion = typeof PROTOCOL_VERSION;

export const HANDSHAKE_TIMEOUT_MS = 10_000;

export const CHECKOUT_MODES = ['overlay', 'inline'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/** Why a payment did not succeed: the lifecycle statuses and exceptions of the payment that end it. */
export const FAILURE_REASONS = ['expired', 'invalid', 'paid_partial', 'paid_late'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Why a buy widget's order did not complete: the checkout ended failed (refused), expired or canceled. */
export const ORDER_FAILURE_REASONS = ['failed', 'expired', 'canceled'] as const;
export type OrderFailureReason = (typeof ORDER_FAILURE_REASONS)[number];

/** A receipt is issued once the payment is processing (enough confirmations for the merchant) or settled. */
export const RECEIPT_STATUSES = ['processing', 'settled'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * Codes of `error` events. The SDK raises `timeout` (no handshake in time: the platform is unreachable,
 * or refused to be framed here, which browsers hide from the parent) and `blocked` (this page's own CSP
 * refused the frame); the checkout raises the rest. Unknown codes pass the guard, so an older SDK still
 * relays a newer checkout's errors.
 */
export type CheckoutErrorCode =
  | 'timeout'
  | 'blocked'
  | 'invalid_options'
  | 'merchant_not_recognized'
  | 'payment_not_found'
  | 'session_expired'
  | 'rates_unavailable'
  | 'status_unavailable'
  | 'internal_error';

// Formats shared by the guards, the checkout's parameter parsing and the tests.
/** 16 or more random bytes: four or more 32-bit words from crypto.getRandomValues, in decimal, joined by '-'. */
export const CHANNEL_PATTERN = /^\d{1,10}(-\d{1,10}){3,15}$/;
/** A decimal string; never a JS number (8 decimals covers crypto, fiat uses 2). */
export const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,8})?$/;
/** An asset code such as EUR, BTC or USDT. */
export const CURRENCY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;
/** Publishable merchant ids, transaction tokens and transaction ids. */
export const ID_PATTERN = /^[\w-]{1,128}$/;
/** One or more space-separated Standard Webhooks signatures: `v1,<base64 HMAC-SHA256>`. */
export const SIGNATURE_PATTERN = /^v1,[\w+/]+={0,2}( v1,[\w+/]+={0,2})*$/;

/**
 * The signed receipt of a successful payment. The platform signs it like a webhook (Standard Webhooks):
 * webhook-id = transaction_id, webhook-timestamp = timestamp, payload = receiptPayload(receipt), key =
 * the merchant's webhook signing secret. Snake case because it is server data, like the webhook body.
 * Only the merchant's server can verify it, and even then the webhook or the status API is the proof of
 * payment; the receipt saves a round trip and lets the shop thank the buyer at once.
 */
export interface PaymentReceipt {
  transaction_id: string;
  /** The amount the order was priced in, as a decimal string. */
  amount: string;
  currency: string;
  status: ReceiptStatus;
  /** Unix seconds, when the platform signed the receipt. */
  timestamp: number;
  signature: string;
}

/** The exact payload string the receipt's signature covers; the key order is part of the contract. */
export function receiptPayload(receipt: PaymentReceipt): string {
  const { transaction_id, amount, currency, status } = receipt;
  return JSON.stringify({ transaction_id, amount, currency, status });
}

/**
 * The signed receipt of a buy widget's completed order (its checkout paid: status successful), for the
 * merchant whose page opened the widget with its merchantId. Signed like PaymentReceipt: webhook-id =
 * order_id, webhook-timestamp = timestamp, payload = orderReceiptPayload(receipt), key = that merchant's
 * webhook signing secret. It says the platform took the buyer's payment for these coins; the coins are
 * then sent to the buyer's address by the platform.
 */
export interface OrderReceipt {
  /** The checkout id ("chk_..."), the order's transaction_token. */
  order_id: string;
  /** What the buyer paid, fee included, as a decimal string in `currency`. */
  amount: string;
  currency: string;
  coin: string;
  /** The coins bought, as a decimal string. */
  coin_amount: string;
  status: 'successful';
  /** Unix seconds, when the platform signed the receipt. */
  timestamp: number;
  signature: string;
}

/** The exact payload string an order receipt's signature covers; the key order is part of the contract. */
export function orderReceiptPayload(receipt: OrderReceipt): string {
  const { order_id, amount, currency, coin, coin_amount, status } = receipt;
  return JSON.stringify({ order_id, amount, currency, coin, coin_amount, status });
}

/**
 * What the checkout needs to show itself: the merchant's options minus `target`, `locale` renamed `lang`
 * (the name the server validates in every module's URL). Named like the spec's widget transaction
 * (merchantId, orderId). The iframe URL carries the same fields, so the page renders from it at once and
 * also works standalone; with the token in it the server renders the payment into the page (the request log
 * masks it, a bearer credential of the buyer), and `init` carries it again to open the session.
 */
export interface CheckoutParams {
  mode?: CheckoutMode;
  merchantId?: string;
  token?: string;
  amount?: string;
  currency?: string;
  product?: string;
  orderId?: string;
  lang?: string;
  /** The buy widget (PayKit.buy): the coin to buy, the fiat paid and where the coins go. */
  coin?: string;
  fiat?: string;
  /** The buyer's address: not a credential, it travels in the frame's URL like the rest. */
  address?: string;
}

/** The payload of events that carry nothing (still an object, so every message has the same shape). */
export type EmptyPayload = Record<never, never>;

/** Events the merchant page can subscribe to, with their payloads. */
export interface CheckoutEventMap {
  ready: EmptyPayload;
  'payment-detected': { transaction_id: string; amount: string; currency: string };
  'payment-success': { receipt: PaymentReceipt };
  'payment-failed': { reason: FailureReason; transaction_id?: string };
  redirect: { url: string };
  close: EmptyPayload;
  error: { code: CheckoutErrorCode | (string & {}); message: string };
  // The buy widget's events (PayKit.buy); order_id is its checkout id.
  'order-created': { order_id: string; amount: string; currency: string; coin: string };
  'payment-authorized': { order_id: string };
  /** `receipt` when the widget was opened with a merchantId: only that merchant's server can verify it. */
  'order-completed': { order_id: string; receipt?: OrderReceipt };
  'order-failed': { order_id: string; reason: OrderFailureReason };
}
export type CheckoutEventName = keyof CheckoutEventMap;
export const CHECKOUT_EVENTS = [
  'ready',
  'payment-detected',
  'payment-success',
  'payment-failed',
  'redirect',
  'close',
  'error',
  'order-created',
  'payment-authorized',
  'order-completed',
  'order-failed',
] as const satisfies readonly CheckoutEventName[];

/** What the checkout sends over the port: every merchant event, plus `resize` which the SDK consumes. */
export interface PortEventMap extends CheckoutEventMap {
  /** Inline mode: the checkout's content height in CSS pixels, so the frame never scrolls inside. */
  resize: { height: number };
}
export type PortEventName = keyof PortEventMap;

interface Envelope<T extends string, D> {
  v: ProtocolVersion;
  /** The per-checkout random channel id. */
  ch: string;
  type: T;
  data: D;
}

export type InitMessage = Envelope<'init', CheckoutParams>;
export type PortMessage = { [K in PortEventName]: Envelope<K, PortEventMap[K]> }[PortEventName];
export type ProtocolMessage = InitMessage | PortMessage;


// ---- Guards -------------------------------------------------------------------------------------
// A field's name decides its check (transaction_id is always an id, amount always a decimal string...),
// so each event lists only its field names, 1 = required and 0 = optional. The `Fields<T>` type makes
// leaving a field out of the table a compile error, so every field of every message is checked.

type Check = (value: unknown) => boolean;
type Fields<T> = { [K in keyof T]-?: undefined extends T[K] ? 0 : 1 };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const matches = (pattern: RegExp): Check => (x) => typeof x === 'string' && pattern.test(x);
const oneOf = (values: readonly unknown[]): Check => (x) => values.includes(x);
const isIntegerIn = (min: number, max: number): Check => (x) =>
  Number.isSafeInteger(x) && (x as number) >= min && (x as number) <= max;

const RECEIPT_FIELDS: Fields<PaymentReceipt> = { transaction_id: 1, amount: 1, currency: 1, status: 1, timestamp: 1, signature: 1 };
const ORDER_RECEIPT_FIELDS: Fields<OrderReceipt> = { order_id: 1, amount: 1, currency: 1, coin: 1, coin_amount: 1, status: 1, timestamp: 1, signature: 1 };

const PORT_EVENT_FIELDS: { [K in PortEventName]: Fields<PortEventMap[K]> } = {
  ready: {},
  'payment-detected': { transaction_id: 1, amount: 1, currency: 1 },
  'payment-success': { receipt: 1 },
  'payment-failed': { reason: 1, transaction_id: 0 },
  redirect: { url: 1 },
  close: {},
  error: { code: 1, message: 1 },
  resize: { height: 1 },
  'order-created': { order_id: 1, amount: 1, currency: 1, coin: 1 },
  'payment-authorized': { order_id: 1 },
  'order-completed': { order_id: 1, receipt: 0 },
  'order-failed': { order_id: 1, reason: 1 },
};

type FieldName = keyof PaymentReceipt | keyof OrderReceipt | { [K in PortEventName]: keyof PortEventMap[K] }[PortEventName];

const FIELD_CHECKS: Record<FieldName, Check> = {
  transaction_id: matches(ID_PATTERN),
  amount: matches(AMOUNT_PATTERN),
  currency: matches(CURRENCY_PATTERN),
  // A payment receipt's status, or an order receipt's (the fields' table of each says which receipt).
  status: oneOf([...RECEIPT_STATUSES, 'successful']),
  timestamp: isIntegerIn(1, 1e11),
  signature: matches(SIGNATURE_PATTERN),
  receipt: (x) => fits(x, RECEIPT_FIELDS) || fits(x, ORDER_RECEIPT_FIELDS),
  reason: oneOf([...FAILURE_REASONS, ...ORDER_FAILURE_REASONS]),
  order_id: matches(ID_PATTERN),
  coin: matches(CURRENCY_PATTERN),
  coin_amount: matches(AMOUNT_PATTERN),
  // Absolute http(s) URLs only; the SDK applies its own, stricter rule before following one.
  url: matches(/^https?:\/\/[^\s]{1,2040}$/),
  code: matches(/^[a-z_]{1,40}$/),
  message: matches(/^.{1,500}$/s),
  height: isIntegerIn(0, 20_000),
};

function fits(x: unknown, fields: Record<string, 0 | 1>): boolean {
  return (
    isRecord(x) &&
    Object.entries(fields).every(
      ([name, required]) => (!required && x[name] === undefined) || FIELD_CHECKS[name as FieldName](x[name]),
    )
  );
}

/**
 * The envelope: this protocol version, this channel. All pay.js checks on the port (see the top of the
 * file for why that suffices there); the checkout checks the rest with the guards below.
 */
export function isOnChannel(x: unknown, channel: string): x is { v: ProtocolVersion; ch: string; type: unknown; data: unknown } {
  // No isRecord(): pay.js pays for every byte, and only an object can carry the unguessable channel.
  return (x as { ch?: unknown } | null)?.ch === channel && (x as { v: unknown }).v === PROTOCOL_VERSION;
}

function hasEnvelope(x: unknown, type: string, channel?: string): x is Envelope<string, Record<string, unknown>> {
  return (
    isRecord(x) &&
    x.v === PROTOCOL_VERSION &&
    x.type === type &&
    matches(CHANNEL_PATTERN)(x.ch) &&
    (channel === undefined || x.ch === channel) &&
    isRecord(x.data)
  );
}

/**
 * Iframe side: the first message from the merchant page. The params are not judged here: a malformed
 * option still connects, so the checkout can tell the merchant which one (paramsProblem).
 */
export function isInitMessage(x: unknown): x is InitMessage {
  return hasEnvelope(x, 'init');
}

/** Every event, with every field, on the given channel. The checkout asserts it before sending. */
export function isPortMessage(x: unknown, channel: string): x is PortMessage {
  // hasOwnProperty, not `in`: a type named after an Object.prototype member must not find fields.
  if (!isRecord(x) || typeof x.type !== 'string' || !Object.prototype.hasOwnProperty.call(PORT_EVENT_FIELDS, x.type)) return false;
  return hasEnvelope(x, x.type, channel) && fits(x.data, PORT_EVENT_FIELDS[x.type as PortEventName]);
}

// [field, check, what it must be]: the checkout shows the merchant the first problem, in these words.
const PARAM_RULES: readonly [keyof CheckoutParams, Check, string][] = [
  ['mode', oneOf(CHECKOUT_MODES), '"overlay" or "inline"'],
  ['merchantId', matches(ID_PATTERN), 'a publishable merchant id like "mch_demo_verdant"'],
  ['token', matches(ID_PATTERN), 'a transaction token made by your server'],
  ['amount', matches(AMOUNT_PATTERN), 'a decimal string like "25.00" (never a number)'],
  ['currency', matches(CURRENCY_PATTERN), 'a currency code like "EUR"'],
  ['product', matches(/^.{1,200}$/s), 'text of 1 to 200 characters'],
  ['orderId', matches(/^.{1,100}$/s), 'text of 1 to 100 characters'],
  ['lang', matches(/^[a-z]{2}$/), 'a language code like "en"'],
  ['coin', matches(CURRENCY_PATTERN), 'a coin code like "BTC"'],
  ['fiat', matches(CURRENCY_PATTERN), 'a currency code like "EUR"'],
  ['address', matches(/^[\w:.-]{1,200}$/), 'the buyer\'s address for the coin, like "bc1q..."'],
];

/**
 * Null when the params can open a checkout, else a message for the merchant naming the option, what it
 * must be and what came. Empty strings count as absent (a script tag's `data-product=""`).
 */
export function paramsProblem(params: unknown, widget: 'pay' | 'buy' = 'pay'): string | null {
  if (!isRecord(params)) return 'the options must be an object';
  for (const [name, check, expected] of PARAM_RULES) {
    const value = params[name];
    if (value !== undefined && value !== '' && !check(value)) {
      return `${name === 'lang' ? 'locale' : name} must be ${expected}, got ${JSON.stringify(value)}`;
    }
  }
  // The buy widget sells from the provider itself when no merchant is named; the payment widget needs one.
  if (widget === 'pay' && !params.merchantId && !params.token) return 'merchantId (or token) is required';
  return null;
}
