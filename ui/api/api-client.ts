// The apps' one API client, built on the endpoint table of core/contract: `call(endpoint, input)`
// takes the method, the path and the API it belongs to from the endpoint, sends the declared parts
// (path parameters, query, JSON body), unwraps the envelope into a result value (api-result.ts) and
// checks a success against the endpoint's answer schema before a page trusts it, so the answer's
// type is the schema's and never an assertion. No page writes an API path.
//
// The browser sends the session cookie itself (credentials 'same-origin'; it is HttpOnly, so
// JavaScript never holds a token). Each endpoint is imported on its own, so a bundle carries only
// the endpoints (and schemas) it calls.
import * as v from 'valibot';
import { fillPath, type AnyEndpoint, type ApiBase, type EndpointAnswer, type EndpointInput } from '#core/contract/endpoint.ts';
import { clientFailure, failureCode, readEnvelope, type ApiError, type ApiResult } from './api-result.ts';

export interface ApiClientOptions {
  /** Where each API lives: whitelabel.configuration.api ("/v1") and .mapi ("/mapi"), same origin as the page. */
  bases: Readonly<Record<Exclude<ApiBase, 'root'>, string>>;
  fetch?: typeof fetch;
  /** Told of every failure; the session store listens for invalid_session (spec §8). */
  onFailure?: (error: ApiError, endpoint: AnyEndpoint) => void;
  /**
   * An Authorization header for a call, where a cookie cannot carry the credential: the buy widget's
   * flow token inside another site's frame (iframe-app/buywidget/flow-token-store.ts). Undefined: none.
   */
  authorization?: (endpoint: AnyEndpoint) => string | undefined;
}

export interface CallOptions {
  /** The Idempotency-Key of a call that must happen once (attempt-key.ts). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options?: CallOptions): Promise<ApiResult<EndpointAnswer<E>>>;
}

type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

export function buildUrl(base: string, path: string, query?: QueryValues): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function createApiClient({ bases, fetch: fetchImpl = globalThis.fetch.bind(globalThis), onFailure, authorization }: ApiClientOptions): ApiClient {
  async function call<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options: CallOptions = {}): Promise<ApiResult<EndpointAnswer<E>>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const credential = authorization?.(endpoint);
    if (credential !== undefined) headers.Authorization = credential;
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    const init: RequestInit = { method: endpoint.method, credentials: 'same-origin', headers };
    if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(input.body);
    }
    if (options.signal) init.signal = options.signal;
    const base = endpoint.base === 'root' ? '' : bases[endpoint.base];
    const path = fillPath(endpoint.path, input.params as Record<string, string> | undefined);
    let result: ApiResult<unknown>;
    try {
      const response = await fetchImpl(buildUrl(base, path, input.query as QueryValues | undefined), init);
      result = readEnvelope(response.status, await readJson(response));
    } catch {
      result = clientFailure('network_error', 0, undefined);
    }
    if (result.ok) {
      const parsed = v.safeParse(endpoint.answer, result.data);
      result = parsed.success ? { ...result, data: parsed.output } : clientFailure('bad_response', result.status, result.data);
    }
    if (!result.ok) onFailure?.(result.error, endpoint);
    return result as ApiResult<EndpointAnswer<E>>;
  }
  return { call };
}

export { failureCode };
