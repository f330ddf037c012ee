// `npx tsx server/cli/migrate.ts up|down|status`: migrations by hand, for operators. The server
// migrates up on every start by itself; `down` undoes the most recent migration only.

import { readEnv } from '../env.ts';
import { runMigrationCommand, type MigrationCommand } from '../main.ts';

const COMMANDS: readonly MigrationCommand[] = ['up', 'down', 'status'];
const command = process.argv[2] as MigrationCommand | undefined;
if (!command || !COMMANDS.includes(command)) {
  console.error('Usage: npx tsx server/cli/migrate.ts up|down|status');
  process.exit(2);
}
const env = readEnv(process.env);
if (!env.ok) {
  console.error('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
const label = (m: { version: number; name: string }) => `${String(m.version).padStart(4, '0')}_${m.name}`;
try {
  const records = await runMigrationCommand(env.value, command);
  const verb = { up: 'Applied', down: 'Rolled back', status: 'Applied so far' }[command];
  console.log(records.length === 0 ? `${verb}: nothing` : `${verb}:\n${records.map((m) => `  ${label(m)}`).join('\n')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
