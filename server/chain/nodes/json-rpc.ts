// One JSON-RPC call over HTTP, as both local nodes speak it: litecoind (Bitcoin Core's JSON-RPC, basic auth from
// the URL; its errors come with HTTP 500 or 404, so the body decides, not the status) and anvil. fetch refuses
// URLs that carry credentials, so they move into an Authorization header; errors name the URL masked.
import { maskNodeUrl } from '../chain-config.ts';

export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';
  constructor(
    readonly method: string,
    /** The node's error code (Bitcoin Core: -5 not found, -26 rejected, -28 warming up…); null = no JSON answer. */
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

interface RpcAnswer {
  result?: unknown;
  error?: { code?: number; message?: string } | null;
}

let nextId = 1;

export interface JsonRpcOptions {
  /** Reuse the TCP connection (default); false for a node about to be stopped, so its shutdown need not wait. */
  keepAlive?: boolean;
  timeoutMs?: number;
}

export async function jsonRpc<T>(url: string, method: string, params: readonly unknown[] = [], options: JsonRpcOptions = {}): Promise<T> {
  const parsed = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Bitcoin Core's HTTP server waits at shutdown for every open connection, and fetch keeps idle ones 4 s.
  if (options.keepAlive === false) headers.connection = 'close';
  if (parsed.username !== '' || parsed.password !== '') {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
  let response: Response;
  try {
    response = await fetch(parsed, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new JsonRpcError(method, null, `${method} at ${maskNodeUrl(url)}: ${cause}`);
  }
  const text = await response.text();
  let answer: RpcAnswer;
  try {
    answer = JSON.parse(text) as RpcAnswer;
  } catch {
    throw new JsonRpcError(method, null, `${method} at ${maskNodeUrl(url)}: HTTP ${response.status} ${text.slice(0, 200)}`.trim());
  }
  if (answer.error !== undefined && answer.error !== null) {
    const code = typeof answer.error.code === 'number' ? answer.error.code : null;
    throw new JsonRpcError(method, code, `${method}: ${answer.error.message ?? 'error'} (code ${code})`);
  }
  return answer.result as T;
}
