// Kysely's view of the tables created by ./migrations. One interface per table, column names as in SQL.
// BIGINT columns are `bigint` on both drivers (see database.ts); jsonb columns arrive parsed.
// Written by hand next to the SQL: a migration that changes a table changes its interface here too.

import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Set by the database on insert, never updated by the application. */
type CreatedAt = ColumnType<Date, never, never>;
/** A jsonb column: read as the parsed value, written as JSON text (see jsonb.ts). */
type Json<T> = ColumnType<T, string, string>;

export interface ProvidersTable {
  id: Generated<bigint>;
  wl_id: string;
  name: string;
  /** NULL = not configured; otherwise checked against ProviderSettingsSchema before use. */
  settings: ColumnType<unknown | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface ProviderHostsTable {
  host: string;
  provider_id: bigint;
}

export type UserRole = 'member' | 'merchant';

/** Spec §3 server user_info permissions; a missing flag means "not granted" except `send` (spec §6). */
export interface UserPermissions {
  fiat_withdrawals?: 0 | 1;
  send?: 0 | 1;
  withdrawal?: 0 | 1;
  widget?: 0 | 1;
}

export interface UsersTable {
  id: Generated<bigint>;
  provider_id: bigint;
  client_id: Generated<bigint>;
  email: string;
  password_hash: string;
  role: UserRole;
  first_name: Generated<string>;
  last_name: Generated<string>;
  mobile: string | null;
  permissions: ColumnType<UserPermissions, string | undefined, string>;
  created_at: CreatedAt;
}

/** Spec §3 widget theme and merchant details, as the merchant configures them. */
export interface WidgetSettings {
  widget_product_name?: string;
  widget_merchant_name?: string;
  widget_return_url?: string;
  widget_theme_logo_url?: string;
  widget_theme_primary_color?: string;
  widget_theme_secondary_color?: string;
  widget_logo_size?: 'Large' | 'Medium' | 'Small';
}

export interface MerchantsTable {
  id: Generated<bigint>;
  user_id: bigint;
  merchant_id: string;
  secret_key_hash: string;
  name: string;
  widget_settings: ColumnType<WidgetSettings, string | undefined, string>;
  created_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

export interface Database {
  providers: ProvidersTable;
  provider_hosts: ProviderHostsTable;
  users: UsersTable;
  merchants: MerchantsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type Provider = Selectable<ProvidersTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Merchant = Selectable<MerchantsTable>;
