// What the settlement tests share: calls with an Idempotency-Key or a raw (CSV, PDF) answer, a settled
// payment of the demo merchant, and the text of a PDF's pages.

import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { randomIp, type LooseEnvelope } from '../identity/session-test-kit.ts';
import { createOrder, mine, payOnTestNetwork, paymentStatus } from '../payments/payment-test-kit.ts';

export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  json(): LooseEnvelope;
}

export async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { credential: string; body?: unknown; idempotencyKey?: string; host?: string },
): Promise<RawAnswer> {
  const headers: Record<string, string> = { host: options.host ?? 'localhost', origin: 'http://localhost:8182', authorization: `Bearer ${options.credential}` };
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.inject({ method, url, headers, remoteAddress: randomIp(), ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }) });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload, json: () => response.json<LooseEnvelope>() };
}

/** A BTC payment of the demo merchant, paid in full and mined to settlement; answers its token. */
export async function settledPayment(app: FastifyInstance, key: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const order = await createOrder(app, key, overrides);
  await payOnTestNetwork(app, 'BTC', order.currency_1_address, order.currency_1_amount);
  await mine(app, 2);
  const status = await paymentStatus(app, order.transaction_token);
  if (status.status !== 'settled') throw new Error(`settledPayment: ${order.transaction_token} is ${status.status}`);
  return order.transaction_token as string;
}

/**
 * The text a PDF shows, page by page in drawing order: every content stream inflated, and the strings
 * of its TJ/Tj operators decoded (pdfkit writes hex strings in WinAnsi for its standard fonts). Enough
 * to check the figures a report prints, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  // pdfkit ends a stream's data with "\nendstream": a compressed stream whose last byte happens to be \r must
  // keep it, or it no longer inflates (so no optional \r before that \n).
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  for (const match of source.matchAll(streams)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '') : [op[2] ?? ''];
      texts.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}
