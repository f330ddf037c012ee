// A minimal JSON-RPC client for the nodes payouts talk to: Bitcoin Core's dialect (bitcoind, litecoind,
// Bitcoin Cash Node; JSON-RPC 1.0) and Ethereum's (JSON-RPC 2.0). The URL carries the credentials (`http://user:pass@host:port/wallet/NAME`); they go
// into an Authorization header and never into a log line: `maskedUrl` is what may be shown.
//
// Failures are split by what they prove, because a payout decides on it: a node that ANSWERED with an
// error did not do what was asked ('node'); a request that got no answer (refused, timed out, cut off)
// may or may not have been carried out ('transport').

import { maskNodeUrl } from '../chain-config.ts';

export class NodeRpcError extends Error {
  constructor(
    readonly kind: 'node' | 'transport',
    /** The node's JSON-RPC error code (kind 'node'); null for transport failures. */
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'NodeRpcError';
  }
}

export interface NodeRpc {
  /** The URL with the password masked, for logs and the console. */
  readonly maskedUrl: string;
  /** timeoutMs: this call's own limit (a call made inside a caller's database transaction keeps it short). */
  call<T>(method: string, params?: unknown[] | Record<string, unknown>, options?: { timeoutMs?: number }): Promise<T>;
}

export function nodeRpc(url: string, options: { timeoutMs?: number; version?: '1.0' | '2.0' } = {}): NodeRpc {
  const parsed = new URL(url);
  const auth = parsed.username ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}` : null;
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  const maskedUrl = maskNodeUrl(url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const version = options.version ?? '1.0';
  let id = 0;
  return {
    maskedUrl,
    async call<T>(method: string, params: unknown[] | Record<string, unknown> = [], callOptions: { timeoutMs?: number } = {}): Promise<T> {
      id += 1;
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          body: JSON.stringify({ jsonrpc: version, id, method, params }),
          signal: AbortSignal.timeout(callOptions.timeoutMs ?? timeoutMs),
        });
      } catch (error) {
        throw new NodeRpcError('transport', null, `${method} at ${maskedUrl}: no answer (${(error as Error).message})`);
      }
      const text = await response.text().catch(() => '');
      let body: { result?: T; error?: { code: number; message: string } | null } | undefined;
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // Bitcoin Core answers 401 with an empty body; anything unparsable means the call did not run.
        throw new NodeRpcError('node', null, `${method} at ${maskedUrl}: HTTP ${response.status} ${text.slice(0, 200)}`);
      }
      if (body?.error) throw new NodeRpcError('node', body.error.code, `${method}: ${body.error.message} (code ${body.error.code})`);
      return body?.result as T;
    },
  };
}
