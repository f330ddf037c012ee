// The main-API client of the apps: JSON in and out, the session cookie sent by the browser
// (credentials 'same-origin'; the cookie is HttpOnly, so JavaScript never holds a token), the
// envelope unwrapped into results-as-values (api-result.ts), and an optional valibot schema that
// checks a success answer before a page trusts it.
import * as v from 'valibot';
import { clientFailure, failureCode, readEnvelope, type ApiError, type ApiResult } from './api-result.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiClientOptions {
  /** whitelabel.configuration.api, e.g. "/v1" (same origin as the page). */
  base: string;
  fetch?: typeof fetch;
  /** Told of every failure; the session store listens for invalid_session (spec §8). */
  onFailure?: (error: ApiError, path: string) => void;
}

export interface RequestOptions<T> {
  body?: unknown;
  query?: Readonly<Record<string, string | undefined>>;
  /** When given, a success whose request_details fail the schema becomes a bad_response failure. */
  schema?: v.GenericSchema<unknown, T>;
  /** Extra request headers, e.g. Idempotency-Key on a money call that must happen once. */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClient {
  request<T = unknown>(method: Method, path: string, options?: RequestOptions<T>): Promise<ApiResult<T>>;
}

export function buildUrl(base: string, path: string, query?: RequestOptions<unknown>['query']): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, value);
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

export function createApiClient({ base, fetch: fetchImpl = globalThis.fetch.bind(globalThis), onFailure }: ApiClientOptions): ApiClient {
  async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<ApiResult<T>> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...options.headers } };
    if (options.body !== undefined) {
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers };
      init.body = JSON.stringify(options.body);
    }
    let result: ApiResult<T>;
    try {
      const response = await fetchImpl(buildUrl(base, path, options.query), init);
      result = readEnvelope<T>(response.status, await readJson(response));
    } catch {
      result = clientFailure('network_error', 0, undefined);
    }
    if (result.ok && options.schema) {
      const parsed = v.safeParse(options.schema, result.data);
      result = parsed.success ? { ...result, data: parsed.output } : clientFailure('bad_response', result.status, result.data);
    }
    if (!result.ok) onFailure?.(result.error, path);
    return result;
  }
  return { request };
}

export { failureCode };
