import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitcoinRpcClient } from './rpc-client.ts';

// A stand-in node that answers like Bitcoin Core: JSON-RPC errors with HTTP 500 and a JSON body, 401
// without a body for wrong credentials, and a batch as an array.
let server: Server;
let port: number;
const seen: { authorization?: string; body: unknown }[] = [];

function answer(call: { id: unknown; method: string; params: unknown[] }): { status: number; body: unknown } {
  switch (call.method) {
    case 'getblockcount':
      return { status: 200, body: { result: 42, error: null, id: call.id } };
    case 'getrawtransaction':
      return call.params[0] === 'gone'
        ? { status: 500, body: { result: null, error: { code: -5, message: 'No such mempool or blockchain transaction' }, id: call.id } }
        : { status: 200, body: { result: { txid: call.params[0], vout: [{ value: 84000000.00000001, n: 0 }] }, error: null, id: call.id } };
    default:
      return { status: 404, body: { result: null, error: { code: -32601, message: 'Method not found' }, id: call.id } };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    seen.push({ authorization: request.headers.authorization, body });
    if (request.headers.authorization !== `Basic ${Buffer.from('user:s3cr3t').toString('base64')}`) {
      response.writeHead(401).end();
      return;
    }
    if (Array.isArray(body) ? body.some((c) => c.method === 'sleep') : body.method === 'sleep') {
      setTimeout(() => response.writeHead(200).end('{}'), 500);
      return;
    }
    if (Array.isArray(body)) {
      // Answered in reverse order: the client must match answers by id, not by position.
      const answers = body.map((c) => answer(c).body).reverse();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers));
      return;
    }
    const { status, body: out } = answer(body);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const client = (password = 's3cr3t', timeoutMs?: number) => new BitcoinRpcClient(`http://user:${password}@127.0.0.1:${port}/wallet/w`, timeoutMs === undefined ? {} : { timeoutMs });

describe('the Bitcoin Core RPC client', () => {
  it('calls with basic auth from the URL and answers the result as a value', async () => {
    expect(await client().call('getblockcount')).toEqual({ ok: true, value: 42 });
    expect(seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('user:s3cr3t').toString('base64')}`);
    expect(seen.at(-1)!.body).toMatchObject({ method: 'getblockcount', params: [] });
  });

  it("answers the node's error code and message as a value", async () => {
    expect(await client().call('getrawtransaction', ['gone', true])).toEqual({ ok: false, error: { code: 'node', rpcCode: -5, message: 'getrawtransaction: No such mempool or blockchain transaction (code -5)' } });
    expect(await client().call('nosuchmethod')).toMatchObject({ ok: false, error: { code: 'node', rpcCode: -32601 } });
  });

  it('a batch is one request, answered in the order asked whatever order the node uses, each call failing on its own', async () => {
    const before = seen.length;
    const answers = await client().batch([{ method: 'getblockcount' }, { method: 'getrawtransaction', params: ['gone', true] }, { method: 'getrawtransaction', params: ['aa', true] }], { decimalKeys: ['value'] });
    expect(seen.length - before).toBe(1);
    expect(answers[0]).toEqual({ ok: true, value: 42 });
    expect(answers[1]).toMatchObject({ ok: false, error: { code: 'node', rpcCode: -5 } });
    expect(answers[2]).toEqual({ ok: true, value: { txid: 'aa', vout: [{ value: '84000000.00000001', n: 0 }] } });
    expect(await client().batch([])).toEqual([]);
  });

  it('amounts named in decimalKeys keep their exact text; others stay numbers', async () => {
    expect(await client().call('getrawtransaction', ['bb', true], { decimalKeys: ['value'] })).toEqual({ ok: true, value: { txid: 'bb', vout: [{ value: '84000000.00000001', n: 0 }] } });
    expect(await client().call('getrawtransaction', ['bb', true])).toEqual({ ok: true, value: { txid: 'bb', vout: [{ value: 84000000.00000001, n: 0 }] } });
  });

  it('wrong credentials are an http failure that says so, without the password', async () => {
    const result = await client('wrong-password').call('getblockcount');
    expect(result).toMatchObject({ ok: false, error: { code: 'http', status: 401 } });
    expect(JSON.stringify(result)).toContain('wrong RPC user or password');
    expect(JSON.stringify(result)).not.toContain('wrong-password');
  });

  it.each([
    ['a closed port', () => new BitcoinRpcClient('http://user:s3cr3t@127.0.0.1:1/'), 'getblockcount'],
    ['no answer within the timeout', () => client('s3cr3t', 100), 'sleep'],
  ])('%s is unreachable, every call of a batch with it, and the message masks the password', async (_, make, method) => {
    const result = await make().call(method);
    expect(result).toMatchObject({ ok: false, error: { code: 'unreachable' } });
    expect(JSON.stringify(result)).not.toContain('s3cr3t');
    expect(JSON.stringify(result)).toContain('user:***@127.0.0.1');
    const batch = await make().batch([{ method }, { method: 'getblockcount' }]);
    expect(batch.every((r) => !r.ok && r.error.code === 'unreachable')).toBe(true);
  });

  it('maskedUrl never shows the password', () => {
    expect(client().maskedUrl()).toBe(`http://user:***@127.0.0.1:${port}/wallet/w`);
  });
});
