import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A database handle or an open transaction: chain functions run inside the caller's transaction when given one. */
export type Db = Kysely<Database> | Transaction<Database>;
