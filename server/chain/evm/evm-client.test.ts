// The EVM client against a small scripted JSON-RPC server: what goes on the wire (credentials as a header,
// never in the URL), how node errors come back (values, masked), and how a capped eth_getLogs is paged.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvmClient } from './evm-client.ts';
import { transferLogs } from './evm-block-scan.ts';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  method: string;
  params: unknown[];
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

describe('the EVM client', () => {
  const seen: Seen[] = [];
  let answer: (method: string, params: unknown[]) => Answer = () => ({ result: '0x10' });
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        seen.push({ url: request.url ?? '', headers: request.headers, method: call.method, params: call.params });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...answer(call.method, call.params) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the URL credentials as a Basic Authorization header and never in the URL', async () => {
    answer = () => ({ result: '0x10' });
    const client = new EvmClient(`http://watcher:p%40ss@${base}/rpc`);
    expect(await client.blockNumber()).toEqual({ ok: true, value: 16 });
    const call = seen.at(-1)!;
    expect(call.url).toBe('/rpc');
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from('watcher:p@ss').toString('base64')}`);
    expect(client.maskedUrl).toBe(`http://watcher:***@${base}/rpc`);
  });

  it.each([
    { case: 'a node that refuses the connection', url: 'http://127.0.0.1:9/v3/abcdefghijklmnopqrstuvwxyz0123', code: 'unreachable', secret: 'abcdefghijklmnopqrstuvwxyz0123' },
    { case: 'a JSON-RPC error', url: 'RPC/v3/abcdefghijklmnopqrstuvwxyz0123?apikey=k3y-in-query', code: 'rpc_error', secret: 'k3y-in-query' },
  ])('answers $case as an error value whose message masks the key in the URL', async ({ url, code, secret }) => {
    answer = () => ({ error: { code: -32000, message: 'header not found' } });
    const client = new EvmClient(url.replace('RPC', `http://${base}`));
    const result = await client.blockNumber();
    expect(result).toMatchObject({ ok: false, error: { code } });
    if (result.ok) return;
    expect(result.error.message).not.toContain(secret);
    expect(result.error.message).toContain('***');
  });

  it('says unsupported when the node has no eth_getBlockReceipts', async () => {
    answer = () => ({ error: { code: -32601, message: 'the method eth_getBlockReceipts does not exist' } });
    const answered = await new EvmClient(`http://${base}`).blockReceipts(`0x${'ab'.repeat(32)}`);
    expect(answered).toMatchObject({ ok: false, unsupported: true });
  });

  it('pages eth_getLogs by halving a range the provider refuses as too large', async () => {
    answer = (method, params) => {
      const { fromBlock, toBlock } = params[0] as { fromBlock: string; toBlock: string };
      const [from, to] = [Number(fromBlock), Number(toBlock)];
      if (to - from + 1 > 10) return { error: { code: -32005, message: 'query returned more than 10000 results' } };
      return { result: Array.from({ length: to - from + 1 }, (_, i) => ({ blockNumber: `0x${(from + i).toString(16)}` })) };
    };
    const before = seen.length;
    const logs = await transferLogs({ client: new EvmClient(`http://${base}`), tokenContracts: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] }, 0, 39);
    expect(logs.map((log) => Number(log.blockNumber))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // 0-39 refused, 0-19 and 20-39 refused, then four ranges of 10.
    expect(seen.length - before).toBe(7);
  });
});
