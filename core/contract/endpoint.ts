// One endpoint, declared once: the server registers its route from this (server/http/route.ts), the
// apps call it through the typed client built on it (ui/api/api-client.ts), and the OpenAPI document
// at /docs/openapi.json is generated from it (server/docs/openapi.ts). Each resource file of this
// folder exports its endpoints one by one (so a bundle takes only the ones it calls) and, last, its
// table: the list the server, the document and the tests walk.
//
// `docs` (summary, errors, example) is for the reference and the tests only: the app build strips it
// from every endpoint() call (ui/build/strip-endpoint-docs.mjs), so no bundle carries it.

import type * as v from 'valibot';
import type { ErrorCode } from '../errors.ts';
import type { OperatorRole } from '../operators/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Which API an endpoint belongs to, and so which base its path is relative to: the main API
 * (whitelabel configuration `api`, "/v1"), the merchant API (`mapi`, "/mapi"), or the site root
 * (health, the test-mode outbox, the reference).
 */
export type ApiBase = 'main' | 'merchant' | 'root';

export const API_PREFIX: Record<ApiBase, string> = { main: '/v1', merchant: '/mapi', root: '' };

/**
 * Who may call an endpoint:
 *   public           anyone; no credential (per-address rate limits still apply)
 *   member           a member or merchant user's session: the HttpOnly `token` cookie or
 *                    `Authorization: Bearer <user_token>:<session_key>`
 *   merchant_public  anyone holding a merchant's publishable merchant_id (browser-safe; nothing secret answered)
 *   merchant_secret  the merchant's server with its secret key, `Authorization: Bearer sk_...`
 *   flow             a guest checkout's flow token (is_flow=1)
 *   operator         the provider's own staff in the operator console
 */
export type Caller = 'public' | 'member' | 'merchant_public' | 'merchant_secret' | 'flow' | 'operator';

/**
 * For member endpoints, how strict the session check is:
 *   required             a live session whose login code (if any) was entered and whose password has not expired
 *   during_double_auth   also while this sign-in's login code is pending (currentUser, users/me)
 *   expired_password     also with an expired password (changePassword)
 *   optional             never refuses; the handler sees the session when a valid one came (logout)
 */
export type SessionRule = 'required' | 'during_double_auth' | 'expired_password' | 'optional';

/**
 * Rate-limit class (per address, except merchant_key):
 *   none          cacheable public reads (prices, configuration, health): never 429, so page loads never fail
 *   standard      every other API call (RATE_LIMIT_PER_MINUTE, default 600 a minute)
 *   auth          sign-in, registration and one-time codes (AUTH_RATE_LIMIT_PER_MINUTE, default 20)
 *   reset         password-reset mails: half of auth
 *   pay_button    the public pay button that creates payments: 20 a minute
 *   faucet        the test network's faucet and miner (test mode): 60 a minute
 *   merchant_key  the merchant API called with a secret key (caller merchant_secret): per key, 100 a second
 *                 by default or the merchant's own figure; a request without a live key counts as standard
 */
export type RateClass = 'none' | 'standard' | 'auth' | 'reset' | 'pay_button' | 'faucet' | 'merchant_key';

/**
 * How a success is answered:
 *   envelope   {request_status: "1", request_details: answer}; failures {request_status: "0", error_message}
 *   checkout   {success: true, data: answer}; failures {success: false, error_message} (spec §7 /checkout/*)
 *   current_user  the envelope, and a failure also carries error_message.me.error[0] (spec §7 currentUser)
 *   csv        the answer is a text/csv download; failures use the envelope
 *   pdf        the answer (bytes) is an application/pdf download; failures use the envelope
 *   svg        the answer (an SVG document) is an image/svg+xml image; failures use the envelope
 *   raw        the answer is sent as it is (health, the OpenAPI document)
 */
export type AnswerFormat = 'envelope' | 'checkout' | 'current_user' | 'csv' | 'pdf' | 'svg' | 'raw';

type Schema = v.GenericSchema;

export interface EndpointDocs<TParams, TQuery, TBody, TAnswer> {
  /** One line: what the call does, in the words of the person calling it. */
  summary: string;
  /** More, where a line is not enough (Markdown). */
  description?: string;
  /** The error codes this call may answer besides validation_failed, rate_limited and internal_error. */
  errors: readonly ErrorCode[];
  /** A request and its answer; checked against the schemas by the contract tests. */
  example: { params?: TParams; query?: TQuery; body?: TBody; answer: TAnswer };
}

type In<S> = S extends Schema ? v.InferInput<S> : never;
type Out<S> = S extends Schema ? v.InferOutput<S> : never;

/**
 * Operator endpoints name the roles that may call them (core/operators/roles.ts); admin is not implied.
 * Every other caller has no roles.
 */
export type CallerRoles = { caller: Exclude<Caller, 'operator'>; roles?: undefined } | { caller: 'operator'; roles: readonly OperatorRole[] };

export type Endpoint<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TAnswer extends Schema = Schema,
> = EndpointFields<TParams, TQuery, TBody, TAnswer> & CallerRoles;

export interface EndpointFields<
  TParams extends Schema | undefined = Schema | undefined,
  TQuery extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TAnswer extends Schema = Schema,
> {
  /** "resource.name": unique, the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  base: ApiBase;
  /** Relative to the base, without a leading slash; path parameters as {name}. */
  path: string;
  caller: Caller;
  /** Member endpoints only; default 'required'. */
  session?: SessionRule;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  answer: TAnswer;
  /** Default 'envelope'. */
  format?: AnswerFormat;
  /** Takes an Idempotency-Key header: the same key and body replay the first answer (server/http/idempotency.ts). */
  idempotency: boolean;
  rate: RateClass;
  /** Registered only in MODE=test (the test network, the dev outbox). */
  testModeOnly?: boolean;
  docs: EndpointDocs<In<TParams>, In<TQuery>, In<TBody>, Out<TAnswer>>;
}

/** Declares an endpoint; the identity function that gives the table its types. */
export function endpoint<
  const TParams extends Schema | undefined = undefined,
  const TQuery extends Schema | undefined = undefined,
  const TBody extends Schema | undefined = undefined,
  const TAnswer extends Schema = Schema,
>(definition: Endpoint<TParams, TQuery, TBody, TAnswer>): Endpoint<TParams, TQuery, TBody, TAnswer> {
  return definition;
}

export type AnyEndpoint = Endpoint<Schema | undefined, Schema | undefined, Schema | undefined, Schema>;

type ParamsOf<E> = E extends EndpointFields<infer P, Schema | undefined, Schema | undefined, Schema> ? P : never;
type QueryOf<E> = E extends EndpointFields<Schema | undefined, infer Q, Schema | undefined, Schema> ? Q : never;
type BodyOf<E> = E extends EndpointFields<Schema | undefined, Schema | undefined, infer B, Schema> ? B : never;

/** What a caller sends: each part the endpoint declares, as the schema's input type (a query of optional fields may be left out). */
export type EndpointInput<E extends AnyEndpoint> = (ParamsOf<E> extends Schema ? { params: v.InferInput<ParamsOf<E>> } : { params?: undefined }) &
  (QueryOf<E> extends Schema ? { query?: v.InferInput<QueryOf<E>> } : { query?: undefined }) &
  (BodyOf<E> extends Schema ? { body: v.InferInput<BodyOf<E>> } : { body?: undefined });

/** What the handler receives: each declared part as the schema's output. */
export interface ParsedInput<E extends AnyEndpoint> {
  params: ParamsOf<E> extends Schema ? v.InferOutput<ParamsOf<E>> : undefined;
  query: QueryOf<E> extends Schema ? v.InferOutput<QueryOf<E>> : undefined;
  body: BodyOf<E> extends Schema ? v.InferOutput<BodyOf<E>> : undefined;
}

export type EndpointAnswer<E extends AnyEndpoint> = v.InferOutput<E['answer']>;

/** The full server path, with Fastify's :name parameters ("/v1/checkout/getCheckout/:id"). */
export function routePath(definition: Pick<AnyEndpoint, 'base' | 'path'>): string {
  return `${API_PREFIX[definition.base]}/${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/** The full path as the OpenAPI document writes it ("/v1/checkout/getCheckout/{id}"). */
export function documentPath(definition: Pick<AnyEndpoint, 'base' | 'path'>): string {
  return `${API_PREFIX[definition.base]}/${definition.path}`;
}

/** The path relative to the API base, with the parameters filled in and encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`fillPath: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
