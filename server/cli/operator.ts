// `npm run operator -- <command>`: what an operator does by hand until the operator console exists.
//   confirm-wire <reference> [amount]   the wire arrived: credit the member (amount defaults to the expected one)
//   reject-wire <reference>             the wire will not arrive: cancel the deposit
// It opens the same database as the server (DATA_DIR or DATABASE_URL). PGlite allows one process per
// data directory: with the embedded database, stop the server first, or run on PostgreSQL.

import { readEnv } from '../env.ts';
import { createDatabase } from '../db/database.ts';
import { confirmWire, rejectWire, type WireResult } from '../money/deposits/confirm-wire.ts';

const USAGE = 'Usage: npm run operator -- confirm-wire <reference> [amount] | reject-wire <reference>';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, reference, amount, ...extra] = process.argv.slice(2);
if ((command !== 'confirm-wire' && command !== 'reject-wire') || !reference || extra.length > 0 || (command === 'reject-wire' && amount !== undefined)) fail(USAGE, 2);

const env = readEnv(process.env);
if (!env.ok) fail('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
const database = await createDatabase(env.value);
let result: WireResult;
try {
  result = command === 'confirm-wire' ? await confirmWire(database.db, reference, amount) : await rejectWire(database.db, reference);
} finally {
  await database.close();
}
if (!result.ok) fail(`${result.error.code}: ${result.error.message}`);
const t = result.transaction;
console.log(
  command === 'confirm-wire'
    ? `Credited ${t.amount} ${t.currency_iso} for wire ${t.reference} (transaction ${t.id}, status ${t.status}).`
    : `Canceled wire deposit ${t.reference} (transaction ${t.id}).`,
);
