// The test-mode transport for mail and SMS: every message becomes a row of dev_outbox, which
// GET /dev/outbox shows and the tests read codes from. It is the only table where a code or a
// reset link appears in plaintext, by design: it stands in for the recipient's inbox.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';
import type { OutgoingSms, SmsGateway } from './sms-gateway.ts';

export class OutboxMailer implements Mailer {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }
  async send(message: OutgoingEmail): Promise<void> {
    await this.#db
      .insertInto('dev_outbox')
      .values({ provider_id: message.providerId, channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html })
      .execute();
  }
}

export class OutboxSms implements SmsGateway {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }
  async send(message: OutgoingSms): Promise<void> {
    await this.#db
      .insertInto('dev_outbox')
      .values({ provider_id: message.providerId, channel: 'sms', recipient: message.to, subject: '', text: message.text, html: '' })
      .execute();
  }
}

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The newest messages first, optionally only those to one recipient (compared case-insensitively). */
export async function listOutbox(db: Kysely<Database>, options: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
  let query = db.selectFrom('dev_outbox').select(['id', 'channel', 'recipient', 'subject', 'text', 'html', 'created_at']);
  if (options.to) query = query.where('recipient', '=', normaliseRecipient(options.to));
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString() }));
}

/** Mail addresses are stored lowercased; phone numbers without spaces, as the mobile schema keeps them. */
export function normaliseRecipient(to: string): string {
  const trimmed = to.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s().-]/g, '');
}

/** The six-digit code in a message's text, if it carries one. */
export function codeInText(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

/** The reset token of a message's link (…?reset=<token>), if it carries one. */
export function resetTokenInText(text: string): string | null {
  return /[?&]reset=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}

/** The token of a message's sign-in link (…/login/token?token=<token>), if it carries one. */
export function loginTokenInText(text: string): string | null {
  return /\/login\/token\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}
