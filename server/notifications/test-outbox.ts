// What tests (and the e2e specs, through GET /dev/outbox/latest) read from the dev outbox: the
// newest code or reset link sent to one recipient, as the recipient would read it in their inbox.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { codeInText, listOutbox, loginTokenInText, resetTokenInText } from './outbox.ts';

/** The code in the newest message to `recipient` (an email address or a mobile number), or null. */
export async function latestCode(db: Kysely<Database>, recipient: string): Promise<string | null> {
  const [newest] = await listOutbox(db, { to: recipient, limit: 1 });
  return newest ? codeInText(newest.text) : null;
}

/** The reset token in the newest message to `recipient`, or null. */
export async function latestResetToken(db: Kysely<Database>, recipient: string): Promise<string | null> {
  const [newest] = await listOutbox(db, { to: recipient, limit: 1 });
  return newest ? resetTokenInText(newest.text) : null;
}

/** The sign-in link token in the newest message to `recipient`, or null. */
export async function latestLoginToken(db: Kysely<Database>, recipient: string): Promise<string | null> {
  const [newest] = await listOutbox(db, { to: recipient, limit: 1 });
  return newest ? loginTokenInText(newest.text) : null;
}
