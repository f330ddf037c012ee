// `npm run ledger:check`: checks the ledger of the database the environment names (DATABASE_URL,
// else the PGlite directory DATA_DIR) and exits 1 on any violation. It only reads, in one snapshot,
// so it is safe beside a running server on PostgreSQL. A PGlite directory is opened by one process
// at a time: stop the server first.

import { createDatabase } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { ledgerCheckReport } from '../ledger/check-report.ts';

const env = readEnv(process.env);
if (!env.ok) {
  console.error('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
const database = await createDatabase(env.value);
try {
  const report = await ledgerCheckReport(database.db);
  (report.ok ? console.log : console.error)(report.text);
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`ledger check: could not run on ${database.description}: ${error instanceof Error ? error.message : String(error)} (is it migrated? npx tsx server/cli/migrate.ts up)`);
  process.exitCode = 1;
} finally {
  await database.close();
}
