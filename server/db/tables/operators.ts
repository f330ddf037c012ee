// Kysely's view of migration 0020_operators: the console's operators, their sessions and the audit log;
// server/db/schema.ts merges it into Database. (users.blocked_at, from the same migration, is in schema.ts.)

import type { ColumnType, Generated } from 'kysely';
import type { OperatorRole } from '#core/operators/roles.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface OperatorsTable {
  id: Generated<bigint>;
  provider_id: bigint;
  /** Lower case; unique per provider. */
  email: string;
  name: string;
  role: OperatorRole;
  /** scrypt (server/auth/password.ts). */
  password_hash: string;
  /** The base32 TOTP secret sealed with APP_SECRET (server/operators/totp-box.ts); never the secret itself. */
  totp_secret_sealed: string;
  /** The 30-second step of the last accepted code: a code of this step or an older one is refused. */
  totp_last_step: Nullable<bigint>;
  failed_login_count: Generated<number>;
  failed_login_since: Nullable<Date>;
  locked_until: Nullable<Date>;
  disabled_at: Nullable<Date>;
  created_at: ColumnType<Date, never, never>;
}

export interface OperatorSessionsTable {
  id: Generated<bigint>;
  operator_id: bigint;
  /** SHA-256 hex of the op_token cookie's key. */
  token_hash: string;
  /** The operator's role at sign-in. */
  role: OperatorRole;
  ip: string;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: Date;
  revoked_at: Nullable<Date>;
}

/** Append-only: a trigger refuses UPDATE and DELETE, so the type allows neither a changed column. */
export interface AuditLogTable {
  id: Generated<bigint>;
  provider_id: ColumnType<bigint, bigint, never>;
  operator_id: ColumnType<bigint | null, bigint | null, never>;
  action: ColumnType<string, string, never>;
  target_type: ColumnType<string, string, never>;
  target_id: ColumnType<string, string, never>;
  /** jsonb, written as JSON text (server/db/jsonb.ts). */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: ColumnType<string, string, never>;
  created_at: ColumnType<Date, never, never>;
}

export interface OperatorsTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
}
