// One POST to a checked address. node:http(s) with a `lookup` that answers the address we checked: the
// socket cannot go anywhere else, while TLS still sends the host name (SNI) and verifies the certificate
// against it. No connection pool (agent: false), so a kept-alive socket to an earlier address is never
// reused, and node:http never follows a redirect.

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './delivery-target.ts';

export interface PinnedPost {
  url: string;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export type PostAnswer = { status: number } | { error: 'timeout' } | { error: 'network'; code: string };

export function pinnedPost(request: PinnedPost): Promise<PostAnswer> {
  const url = new URL(request.url);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [request.address]);
    } else {
      callback(null, request.address.address, request.address.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: PostAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        agent: false,
        timeout: request.timeoutMs,
      },
      (response) => {
        // We do not read what the endpoint answers; drain it so the socket closes.
        response.resume();
        finish({ status: response.statusCode ?? 0 });
      },
    );
    const timer = setTimeout(() => {
      finish({ error: 'timeout' });
      outgoing.destroy();
    }, request.timeoutMs);
    outgoing.on('timeout', () => {
      finish({ error: 'timeout' });
      outgoing.destroy();
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ error: 'network', code: error.code ?? error.message.slice(0, 200) }));
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.end(request.body);
  });
}
