// The request goes to the address that was checked, whatever the host name would resolve to now, and the
// host name is still what the endpoint sees (Host header; for https, SNI and the certificate check).

import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedPost } from './pinned-post.ts';
import { startReceiver, type Receiver } from './test-receiver.ts';

describe('a delivery POST pinned to the checked address', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
  });

  it('connects to the checked address without looking the name up again, and keeps the name in the Host header', async () => {
    const port = new URL(receiver.url).port;
    // No resolver knows this name: the request can only arrive if the pinned address was used.
    const url = `http://rebind-target.invalid:${port}/hook`;
    const answer = await pinnedPost({ url, address: { address: '127.0.0.1', family: 4 }, headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs: 2_000 });
    expect(answer).toEqual({ status: 204 });
    expect(receiver.received.at(-1)).toMatchObject({ body: '{"a":1}', headers: { host: `rebind-target.invalid:${port}` } });
  });

  it('does not follow a redirect', async () => {
    receiver.respond = 302;
    receiver.headers = { location: `${receiver.url}/elsewhere` };
    const before = receiver.received.length;
    const answer = await pinnedPost({ url: receiver.url, address: { address: '127.0.0.1', family: 4 }, headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(answer).toEqual({ status: 302 });
    expect(receiver.received.length).toBe(before + 1);
    receiver.respond = 204;
    receiver.headers = {};
  });

  it('a refused connection is a network error with its code', async () => {
    const answer = await pinnedPost({ url: 'http://closed.invalid:1/', address: { address: '127.0.0.1', family: 4 }, headers: {}, body: '{}', timeoutMs: 2_000 });
    expect(answer).toEqual({ error: 'network', code: 'ECONNREFUSED' });
  });

  it('over https it connects to the checked address but names the host in TLS (SNI), so the certificate is checked against the name', async () => {
    const seen: string[] = [];
    // No certificate at all: the handshake stops after the client said which name it wants.
    const server = createServer({ SNICallback: (name, done) => { seen.push(name); done(new Error('no certificate here')); } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await pinnedPost({ url: `https://hooks.sni-check.invalid:${port}/hook`, address: { address: '127.0.0.1', family: 4 }, headers: {}, body: '{}', timeoutMs: 2_000 });
      expect(answer).toMatchObject({ error: 'network' });
      expect(seen).toEqual(['hooks.sni-check.invalid']);
    } finally {
      server.close();
    }
  });
});
