// What the code and reset services need to reach a person: the mail and SMS transports for this
// mode, the code key, and the public origin links point to. Built once per app and available to
// routes as `app.notifier` (S1's login passes it to sendLoginCode).

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { codeKeyFor, type CodeKey } from '../verification/code-key.ts';
import type { Mailer } from './mailer.ts';
import { OutboxMailer, OutboxSms } from './outbox.ts';
import { UnavailableSms, type SmsGateway } from './sms-gateway.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export interface Notifier {
  mailer: Mailer;
  sms: SmsGateway;
  codeKey: CodeKey;
  /** PUBLIC_URL, for links in messages. */
  publicUrl: string;
  /**
   * Runs `task` after the answer has gone out, so an answer's timing cannot tell whether a mail
   * was sent (forgetPassword must not reveal who has an account). Failures go to `onError`.
   */
  background(task: () => Promise<void>, onError: (error: unknown) => void): void;
  /** Resolves once every background task has finished (the app's close and the dev outbox wait for it). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

export function createNotifier(env: Env, db: Kysely<Database>): Notifier {
  // readEnv already refuses this; the outbox must never be a live deployment's mail by accident.
  if (env.MODE === 'live' && !(env.SMTP_URL && env.MAIL_FROM)) throw new Error('MODE=live needs SMTP_URL and MAIL_FROM: mail cannot go to the dev outbox');
  const mailer = env.SMTP_URL && env.MAIL_FROM ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM) : new OutboxMailer(db);
  const pending = new Set<Promise<void>>();
  return {
    mailer,
    // No live SMS gateway ships (server/capabilities.ts): live mode answers sms_unavailable instead.
    sms: env.MODE === 'live' ? new UnavailableSms() : new OutboxSms(db),
    codeKey: codeKeyFor(env),
    publicUrl: env.PUBLIC_URL,
    background(task, onError) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export const notifierPlugin = globalPlugin<{ env: Env }>('notifier', async (app, { env }) => {
  const notifier = createNotifier(env, app.db);
  app.decorate('notifier', notifier);
  // The database closes after the app: let mails in flight reach it first.
  app.addHook('onClose', async () => {
    await notifier.settled();
  });
});
