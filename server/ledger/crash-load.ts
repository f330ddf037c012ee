// The victim of the crash test (crash.test.ts): writes linked batches in a loop until it is killed.
// Every batch has three legs sharing one ref, so after a crash each ref must have all three legs or
// none. After each commit it prints "committed <ref>", so the test knows what must have survived.
//
//   tsx server/ledger/crash-load.ts pglite <data dir> <provider id> <workers>
//   tsx server/ledger/crash-load.ts postgres <url> <schema> <provider id> <workers>

import { createDatabase } from '../db/database.ts';
import { findAccount } from './accounts.ts';
import { createTransfers } from './create-transfers.ts';
import { CRASH_USERS } from './crash-shape.ts';
import type { LedgerAccount, LedgerItem } from './types.ts';

const [dialect, ...rest] = process.argv.slice(2);
if (dialect !== 'pglite' && dialect !== 'postgres') throw new Error('usage: crash-load.ts pglite <dir> <provider> <workers> | postgres <url> <schema> <provider> <workers>');
const [location, schema] = dialect === 'pglite' ? [rest[0], undefined] : [rest[0], rest[1]];
const [providerArg, workersArg] = dialect === 'pglite' ? rest.slice(1) : rest.slice(2);
const providerId = BigInt(providerArg ?? '0');
const workers = Number(workersArg ?? '1');

const database = await createDatabase(
  { DATA_DIR: dialect === 'pglite' ? (location ?? '') : 'memory://', DATABASE_URL: dialect === 'postgres' ? location : undefined },
  schema ? { schema } : {},
);
const { db } = database;

async function account(key: Parameters<typeof findAccount>[1]): Promise<LedgerAccount> {
  const found = await findAccount(db, key);
  if (!found) throw new Error(`crash-load: the test did not create ${JSON.stringify(key, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
  return found;
}

const wallets: LedgerAccount[] = [];
for (let u = 0; u < CRASH_USERS; u++) wallets.push(await account({ providerId, owner: { type: 'user', userId: BigInt(u + 1) }, asset: 'EUR', kind: 'wallet' }));
const world = await account({ providerId, owner: { type: 'house' }, asset: 'EUR', kind: 'world' });
const fees = await account({ providerId, owner: { type: 'house' }, asset: 'EUR', kind: 'fees' });

/** Three legs, one ref: a deposit, a payment on to the next member and its fee; every fourth is two-phase. */
function batch(worker: number, n: number): LedgerItem[] {
  const ref = `crash:${worker}:${n}`;
  const from = wallets[(worker + n) % CRASH_USERS] as LedgerAccount;
  const to = wallets[(worker + n + 1) % CRASH_USERS] as LedgerAccount;
  const deposit: LedgerItem = { id: `${ref}:dep`, debitAccountId: world.id, creditAccountId: from.id, amount: 100n, code: 'deposit', ref };
  if (n % 4 === 3) {
    return [
      deposit,
      { id: `${ref}:hold`, debitAccountId: from.id, creditAccountId: world.id, amount: 60n, code: 'withdrawal', ref, pending: true },
      { id: `${ref}:post`, pendingId: `${ref}:hold`, action: 'post', amount: 50n },
    ];
  }
  return [
    deposit,
    { id: `${ref}:pay`, debitAccountId: from.id, creditAccountId: to.id, amount: 30n + BigInt(n % 7), code: 'payment', ref },
    { id: `${ref}:fee`, debitAccountId: from.id, creditAccountId: fees.id, amount: 2n, code: 'fee', ref },
  ];
}

async function work(worker: number): Promise<never> {
  for (let n = 0; ; n++) {
    const result = await db.transaction().execute((trx) => createTransfers(trx, batch(worker, n)));
    if (!result.ok) throw new Error(`crash-load: batch ${worker}:${n} refused: ${result.code} ${result.message}`);
    process.stdout.write(`committed crash:${worker}:${n}\n`);
  }
}

process.stdout.write('ready\n');
await Promise.all(Array.from({ length: workers }, (_, w) => work(w)));
