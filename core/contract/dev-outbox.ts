// The test-mode mailbox's machine-readable side (MODE=test only): the newest message to one recipient,
// with its one-time code, reset token or sign-in link token picked out, so end-to-end specs and
// developers can finish a flow that mails or texts a code. Its HTML page (/dev/outbox) is a page for
// people, not an endpoint.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { IsoTime } from './fields.ts';
import { object } from './schema-kit.ts';

const RECIPIENT_NEEDED = 'Give the recipient: ?to=name@example.com or ?to=+447700900123';

export const OutboxLatestQuerySchema = object({
  to: v.pipe(v.string(RECIPIENT_NEEDED), v.nonEmpty(RECIPIENT_NEEDED), v.maxLength(254)),
  /** Optional: JSON is the only format (the e2e specs send format=json). */
  format: v.optional(v.picklist(['json'], "The only format is 'json'.")),
});

export const OutboxMessageAnswerSchema = v.object({
  id: v.string(),
  channel: v.picklist(['email', 'sms']),
  recipient: v.string(),
  /** Empty for an SMS. */
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  created_at: IsoTime,
  /** The first six-digit code in the text. */
  code: v.nullable(v.string()),
  reset_token: v.nullable(v.string()),
  login_token: v.nullable(v.string()),
});
export type OutboxMessageAnswer = v.InferOutput<typeof OutboxMessageAnswerSchema>;

export const latestOutboxMessage = endpoint({
  id: 'devOutbox.latest',
  method: 'GET',
  base: 'root',
  path: 'dev/outbox/latest',
  caller: 'public',
  query: OutboxLatestQuerySchema,
  answer: OutboxMessageAnswerSchema,
  idempotency: false,
  rate: 'standard',
  testModeOnly: true,
  docs: {
    summary: 'Test mode: the newest e-mail or SMS sent to one recipient, with its code or link token picked out.',
    errors: ['not_found'],
    example: {
      query: { to: 'ana@example.com' },
      answer: {
        id: '42',
        channel: 'email',
        recipient: 'ana@example.com',
        subject: 'Your sign-in code',
        text: 'Your code is 482913. It expires in 10 minutes.',
        html: '<p>Your code is <b>482913</b>. It expires in 10 minutes.</p>',
        created_at: '2026-11-23T10:00:00.000Z',
        code: '482913',
        reset_token: null,
        login_token: null,
      },
    },
  },
});

export const DEV_OUTBOX_ENDPOINTS = [latestOutboxMessage];
