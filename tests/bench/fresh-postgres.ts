// A throwaway PostgreSQL database for one bench run, so the bench never touches real data.

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh PostgreSQL database for one run, dropped afterwards, so the bench never touches real data. */
export async function withFreshPostgres<T>(url: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `paykit_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    return await run(fresh.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
