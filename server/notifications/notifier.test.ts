import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { testEnv } from '../test-helper.ts';
import { createNotifier } from './notifier.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp-mailer.ts';

const db = {} as Kysely<Database>;

describe('createNotifier', () => {
  it.each([
    { name: 'test mode without SMTP_URL writes mail to the dev outbox', env: {}, mailer: OutboxMailer },
    { name: 'SMTP_URL and MAIL_FROM send mail by SMTP', env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.test' }, mailer: SmtpMailer },
  ])('$name', ({ env, mailer }) => {
    expect(createNotifier(testEnv(env), db).mailer).toBeInstanceOf(mailer);
  });

  it('live mode without SMTP refuses rather than keep mail in the outbox', () => {
    expect(() => createNotifier(testEnv({ MODE: 'live', APP_SECRET: 'k'.repeat(40) }), db)).toThrow(/SMTP_URL/);
  });

  it('background tasks run after the caller, report failures, and settled() waits for them', async () => {
    const notifier = createNotifier(testEnv(), db);
    const order: string[] = [];
    const errors: unknown[] = [];
    notifier.background(async () => {
      order.push('task');
    }, (error) => errors.push(error));
    notifier.background(async () => {
      throw new Error('boom');
    }, (error) => errors.push(error));
    order.push('caller');
    await notifier.settled();
    expect(order).toEqual(['caller', 'task']);
    expect(errors).toHaveLength(1);
  });
});
