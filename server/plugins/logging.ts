// Structured logs (pino, through Fastify) that are safe to ship anywhere: request bodies are never
// logged, credentials are redacted by path, and query values whose names look secret are masked
// before the URL reaches a log line. Every line of a request carries its request id (reqId).

import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../env.ts';

/** Where log lines go; tests pass a stream that collects them. */
export interface LogDestination {
  write(line: string): unknown;
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'password',
  'secretKey',
  'secret_key',
  '*.password',
  '*.new_password',
  '*.secretKey',
  '*.secret_key',
  '*.session_key',
  '*.user_token',
  // Identity documents: a number a member declared, a photo's bytes or its sealed box never reach a log.
  'documentNumber',
  'document_number',
  '*.documentNumber',
  '*.document_number',
  '*.bytes',
  '*.ciphertext',
  'image_base64',
  '*.image_base64',
];

// "reset" carries the password-reset link token (?reset=... on /sys-wallets/change-password); a payment's
// token is a bearer credential of its buyer under either name a widget address gives it (?token=... in the
// frame pay.js opens, ?transaction_id=... on the hosted page).
const SECRET_QUERY_NAME = /pass|token|secret|session|key|code|otp|auth|reset|transaction_id/i;

/** Fastify logger options: level, redaction, and serializers that omit headers and bodies. */
export function loggerOptions(level: LogLevel, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: request.method,
        url: maskQuery(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}

/** Query values whose names look like credentials ("?token=...", "?reset_code=...") become [redacted]. */
export function maskQuery(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const masked = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_QUERY_NAME.test(decodeSafely(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${masked}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Accept an upstream proxy's id when it looks like one; otherwise make one. It is echoed in x-request-id. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}
