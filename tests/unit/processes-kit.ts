// What the several-processes tests share (three-processes.test.ts, pgbouncer.test.ts): a fresh database
// prepared once before any server starts (migrated, seeded, the demo merchant's key, its webhook to a local
// receiver, its settlement settings), the receiver that counts deliveries per webhook-id and checks each
// signature, and HTTP calls that survive a server killed under them (another process is tried).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { migrate, withMigrationLock } from '../../server/db/migrate.ts';
import { issueApiKey } from '../../server/merchants/api-keys.ts';
import { seed } from '../../server/seed/seed.ts';
import { updateWebhook } from '../../server/webhooks/endpoint.ts';
import { secretBoxFor } from '../../server/webhooks/secret-box.ts';

export const MERCHANT_LOGIN = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };

export interface PreparedMerchant {
  merchantId: string;
  merchantDbId: bigint;
  secretKey: string;
  webhookSecret: string;
}

/**
 * Migrates and seeds `databaseUrl`, then gives the demo merchant a key, a webhook to `webhookUrl` and the convert
 * policy with a bank account. `directUrl`: the same database without pgbouncer (migrations need a session).
 */
export async function prepareDatabase(databaseUrl: string, webhookUrl: string, directUrl?: string): Promise<PreparedMerchant> {
  const database = await createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: databaseUrl, DIRECT_DATABASE_URL: directUrl });
  try {
    await migrate(database);
    // The servers read APP_SECRET from this same environment: the webhook secret must open for them.
    const appSecret = process.env.APP_SECRET || undefined;
    const seeded = await withMigrationLock(database, () => seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4510', appSecret }));
    const merchant = await database.db.selectFrom('merchants').select('id').where('merchant_id', '=', seeded.merchant.merchantId).executeTakeFirstOrThrow();
    const key = await issueApiKey(database.db, merchant.id, 'processes test', 'test');
    const webhook = await updateWebhook(database.db, secretBoxFor({ APP_SECRET: appSecret, MODE: 'test' }), merchant.id, { webhook_url: webhookUrl, rotate_secret: true }, 'test');
    if (!webhook.ok || !webhook.value.webhook_secret) throw new Error(`the webhook was refused: ${JSON.stringify(webhook)}`);
    // Each settled coin is converted to EUR in the settlement's transaction; payouts go to this account.
    const settings = {
      bank_iban: 'DE89370400440532013000',
      bank_swift: 'DEUTDEFF',
      bank_name: 'Test Bank',
      bank_address: '1 Test Street, Berlin',
      bank_company_name: 'Verdant Demo GmbH',
      bank_company_registered_address: '1 Test Street, Berlin',
      policy: 'convert' as const,
      fiat_currency: 'EUR' as const,
      schedule: 'daily' as const,
    };
    await database.db
      .insertInto('merchant_settlement_settings')
      .values({ merchant_id: merchant.id, ...settings })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(settings))
      .execute();
    return { merchantId: seeded.merchant.merchantId, merchantDbId: merchant.id, secretKey: key.key, webhookSecret: webhook.value.webhook_secret };
  } finally {
    await database.close();
  }
}

export function openDatabase(databaseUrl: string): Promise<DatabaseHandle> {
  return createDatabase({ DATA_DIR: 'memory://', DATABASE_URL: databaseUrl });
}

/**
 * The merchant's endpoint: counts deliveries per webhook-id (every one, also those whose answer a killed
 * server never recorded), refuses a bad signature with 400, and answers 503 to the first delivery of every
 * `failEvery`-th event, so those go through the retry schedule.
 */
export class WebhookReceiver {
  readonly deliveries = new Map<string, number>();
  readonly badSignatures: string[] = [];
  #server: Server | undefined;
  #seen = 0;

  constructor(
    private readonly secret: string,
    private readonly failEvery = 0,
  ) {}

  async start(port: number): Promise<string> {
    const verifier = new Webhook(this.secret);
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(request.headers['webhook-id'] ?? '');
        try {
          verifier.verify(body, { 'webhook-id': id, 'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''), 'webhook-signature': String(request.headers['webhook-signature'] ?? '') });
        } catch {
          this.badSignatures.push(id);
          response.writeHead(400).end();
          return;
        }
        const count = (this.deliveries.get(id) ?? 0) + 1;
        this.deliveries.set(id, count);
        if (count === 1) this.#seen += 1;
        const fail = count === 1 && this.failEvery > 0 && this.#seen % this.failEvery === 0;
        response.writeHead(fail ? 503 : 200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/webhooks`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

export interface Answer {
  status: number;
  json: any;
}

/** One HTTP call; throws only when no answer came (the process is gone or going). */
export async function call(base: string, method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { host: 'localhost', origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `attempt` on one live process after another until one answers and `done` accepts the answer: a process
 * killed mid-call is a thrown fetch, and the next live one is tried after a short wait. Gives up after `tries`.
 */
export async function onAnyProcess(live: () => string[], attempt: (base: string) => Promise<Answer>, done: (answer: Answer) => boolean, tries = 30): Promise<Answer | null> {
  let last: Answer | null = null;
  for (let i = 0; i < tries; i += 1) {
    const bases = live();
    const base = bases[Math.floor(Math.random() * bases.length)];
    if (base) {
      try {
        last = await attempt(base);
        if (done(last)) return last;
      } catch {
        // No answer: that process died under the call. Another one is tried.
      }
    }
    await sleep(250);
  }
  return last;
}
