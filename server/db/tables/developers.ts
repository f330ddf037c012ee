// Kysely's view of migration developer_tools (the webhook fault switch); server/db/schema.ts merges it into Database.

export interface WebhookTestFaultsTable {
  /** merchants.id */
  merchant_id: bigint;
  /** What every delivery to this merchant's endpoint is recorded as answering until `until`. */
  status_code: number;
  until: Date;
}

export interface DevelopersTables {
  webhook_test_faults: WebhookTestFaultsTable;
}
