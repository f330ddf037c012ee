// A Bitcoin Core JSON-RPC client (bitcoind, Litecoin Core and Bitcoin Cash Node all speak it) for the
// watcher: one call or a batch (an array body: a block's worth of mempool transactions in one round
// trip), a timeout on every request, and failures as VALUES, because a node that is away is an
// operating condition the watcher backs off from, not a bug.
//
// The URL carries the credentials (http://user:pass@host:port[/wallet/NAME]); fetch refuses such URLs,
// so they move into a basic Authorization header. The URL is only ever shown through maskedUrl().
//
// Amounts: a JSON number such as 84000000.00000001 does not survive a float. Callers that read amounts
// name the keys (`decimalKeys`) whose numbers come back as their exact decimal source text instead
// (JSON.parse's source-text access, Node 22+).

import { maskNodeUrl } from '../chain-config.ts';

export type RpcFailure =
  /** No answer: refused, reset, DNS, timeout. */
  | { code: 'unreachable'; message: string }
  /** An HTTP answer that is not JSON-RPC: 401 (wrong credentials), 403, a proxy's page. */
  | { code: 'http'; status: number; message: string }
  /** The node answered with a JSON-RPC error: its own code (-5 not found, -8 out of range, -28 warming up...). */
  | { code: 'node'; rpcCode: number; message: string };

export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: RpcFailure };

export interface RpcCall {
  method: string;
  params?: readonly unknown[];
}

export interface RpcOptions {
  /** Object keys whose numbers are answered as their exact decimal text (e.g. ['value'] for outputs). */
  decimalKeys?: readonly string[];
}

export interface BitcoinRpcClientOptions {
  timeoutMs?: number;
  /**
   * Reuse connections (default: a watcher polls every 250 ms). false for a short-lived client: Bitcoin Core
   * waits at shutdown for every open connection, and fetch keeps an idle one for 4 s.
   */
  keepAlive?: boolean;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export class BitcoinRpcClient {
  private readonly endpoint: URL;
  private readonly authorization: string | null;
  private readonly timeoutMs: number;
  private readonly keepAlive: boolean;
  private nextId = 1;

  constructor(
    private readonly url: string,
    options: BitcoinRpcClientOptions = {},
  ) {
    const parsed = new URL(url);
    this.authorization =
      parsed.username !== '' || parsed.password !== ''
        ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
        : null;
    parsed.username = '';
    parsed.password = '';
    this.endpoint = parsed;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.keepAlive = options.keepAlive ?? true;
  }

  /** The node's URL for logs and status: the password (and key-looking paths) masked. */
  maskedUrl(): string {
    return maskNodeUrl(this.url);
  }

  async call<T>(method: string, params: readonly unknown[] = [], options: RpcOptions = {}): Promise<RpcResult<T>> {
    const id = this.nextId++;
    const answered = await this.post(JSON.stringify({ jsonrpc: '1.0', id, method, params }), options, method);
    if (!answered.ok) return answered;
    return resultOf<T>(answered.value, method);
  }

  /**
   * Many calls in one request; answers in the order asked. A transport failure fails every call; a node
   * error fails only its own call.
   */
  async batch<T>(calls: readonly RpcCall[], options: RpcOptions = {}): Promise<RpcResult<T>[]> {
    if (calls.length === 0) return [];
    const first = this.nextId;
    this.nextId += calls.length;
    const body = JSON.stringify(calls.map((c, i) => ({ jsonrpc: '1.0', id: first + i, method: c.method, params: c.params ?? [] })));
    const answered = await this.post(body, options, `batch of ${calls.length}`);
    if (!answered.ok) return calls.map(() => answered);
    if (!Array.isArray(answered.value)) {
      const failure: RpcResult<T> = { ok: false, error: { code: 'http', status: 200, message: `batch of ${calls.length} at ${this.maskedUrl()}: the answer is not an array` } };
      return calls.map(() => failure);
    }
    const byId = new Map<unknown, RpcAnswer>();
    for (const answer of answered.value as RpcAnswer[]) byId.set(answer?.id, answer);
    return calls.map((c, i) => {
      const answer = byId.get(first + i);
      if (!answer) return { ok: false, error: { code: 'http', status: 200, message: `${c.method}: missing from the batch answer` } };
      return resultOf<T>(answer, c.method);
    });
  }

  private async post(body: string, options: RpcOptions, what: string): Promise<RpcResult<unknown>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    if (!this.keepAlive) headers.connection = 'close';
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (error) {
      return { ok: false, error: { code: 'unreachable', message: `${what} at ${this.maskedUrl()}: ${describeFetchError(error)}` } };
    }
    // Bitcoin Core answers its JSON-RPC errors with HTTP 500 or 404 and a JSON body: the body decides.
    let parsed: unknown;
    try {
      parsed = parseJson(text, options.decimalKeys);
    } catch {
      const hint = response.status === 401 ? 'wrong RPC user or password' : text.slice(0, 120).trim();
      return { ok: false, error: { code: 'http', status: response.status, message: `${what} at ${this.maskedUrl()}: HTTP ${response.status} ${hint}`.trim() } };
    }
    return { ok: true, value: parsed };
  }
}

function resultOf<T>(answer: unknown, method: string): RpcResult<T> {
  const { result, error } = (answer ?? {}) as RpcAnswer;
  if (error !== undefined && error !== null) {
    const rpcCode = typeof error.code === 'number' ? error.code : 0;
    return { ok: false, error: { code: 'node', rpcCode, message: `${method}: ${typeof error.message === 'string' ? error.message : 'error'} (code ${rpcCode})` } };
  }
  return { ok: true, value: result as T };
}

function parseJson(text: string, decimalKeys: readonly string[] | undefined): unknown {
  if (!decimalKeys || decimalKeys.length === 0) return JSON.parse(text);
  const keys = new Set(decimalKeys);
  // The third argument (the source text) is Node 22+; TypeScript's lib does not declare it yet.
  const reviver = (key: string, value: unknown, context?: { source?: string }) => (typeof value === 'number' && keys.has(key) && context?.source !== undefined ? context.source : value);
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'no answer in time';
    const cause = error.cause instanceof Error ? error.cause.message : null;
    return cause ?? error.message;
  }
  return String(error);
}

