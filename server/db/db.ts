import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * What a query runs on: the database, or a transaction open on it. Functions that take a Db run
 * inside the caller's transaction when given one, so money moves in one transaction or not at all.
 */
export type Db = Kysely<Database> | Transaction<Database>;
