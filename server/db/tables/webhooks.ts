// Kysely's view of migration 0010_webhooks; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { WebhookDeliveryStatus, WebhookEventType } from '#core/contract/webhooks.ts';

type CreatedAt = ColumnType<Date, never, never>;

export interface MerchantWebhooksTable {
  merchant_id: bigint;
  url: string | null;
  /** AES-256-GCM box of the 'whsec_…' secret (secret-box.ts); never the secret itself. */
  secret_ciphertext: string | null;
  secret_created_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface WebhookEventsTable {
  id: Generated<bigint>;
  public_id: Generated<string>;
  merchant_id: bigint;
  type: WebhookEventType;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  retries: Generated<number>;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: CreatedAt;
}
export type WebhookEventRow = Selectable<WebhookEventsTable>;

export interface WebhookDeliveriesTable {
  id: Generated<bigint>;
  event_id: bigint;
  attempt: number;
  url: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: Date | null;
  created_at: CreatedAt;
}

export interface WebhooksTables {
  merchant_webhooks: MerchantWebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
