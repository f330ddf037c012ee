// The database's own limit, measured beside the merchant API in the same run: a bare
// Fastify server, in the platform's own process and on the platform's own database handle, with two routes
// and nothing else (no request id, helmet, rate limit, schemas or envelopes):
//   POST /bare/insert  one row inserted in one transaction (BEGIN, INSERT, COMMIT): the floor under any write;
//   POST /bare/read    one row read by its primary key: the floor under any read.
// The bench compares transaction create with the first and status with the second. It is started only by the
// bench's platform process (serve.ts, when BENCH_BARE_PORT is set), never by the platform itself, so these
// routes are in no route table a user can reach.

import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type Generated, type Kysely } from 'kysely';

/** Rows the read route picks from: enough that reads do not all hit one heap page. */
const SEEDED_ROWS = 1000;

interface BareDatabase {
  bench_bare_rows: { id: Generated<bigint>; payload: string; created_at: Generated<Date> };
}

async function createBenchTable(db: Kysely<BareDatabase>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS bench_bare_rows (id bigserial PRIMARY KEY, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`INSERT INTO bench_bare_rows (payload) SELECT 'seeded ' || n FROM generate_series(1, ${SEEDED_ROWS}::int) AS n`.execute(db);
}

export interface BareRoutes {
  base: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` with the two bare routes over `db` (the platform's Kysely, so the same driver). */
/** `db` of any schema: the bench table is not part of the platform's. */
export async function startBareRoutes(db: Kysely<any>, port: number): Promise<BareRoutes> {
  const bare = db as unknown as Kysely<BareDatabase>;
  await createBenchTable(bare);
  const app: FastifyInstance = Fastify({ logger: false });
  app.post('/bare/insert', async (request) => {
    const payload = JSON.stringify(request.body ?? null).slice(0, 200);
    const row = await bare.transaction().execute((trx) => trx.insertInto('bench_bare_rows').values({ payload }).returning('id').executeTakeFirstOrThrow());
    return { id: String(row.id) };
  });
  app.post('/bare/read', async (request, reply) => {
    const id = Number((request.body as { id?: unknown } | null)?.id);
    if (!Number.isInteger(id) || id < 1) return reply.code(400).send({ error: 'id' });
    const row = await bare.selectFrom('bench_bare_rows').select(['id', 'payload', 'created_at']).where('id', '=', BigInt(id)).executeTakeFirst();
    if (!row) return reply.code(404).send({ error: 'not found' });
    return { id: String(row.id), payload: row.payload, created_at: row.created_at.toISOString() };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A primary key the read route is sure to find. */
export function seededRowId(n: number): number {
  return (n % SEEDED_ROWS) + 1;
}
