// One server process of `PROCESSES=N npm start` (scripts/serve-cluster.ts forks it through node:cluster, so
// its listen shares the primary's port). SIGTERM closes the server and its database, then exits.

import { readEnv } from '../server/env.ts';
import { startServer } from '../server/main.ts';

const env = readEnv(process.env);
if (!env.ok) {
  console.error('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
  process.exit(1);
}
const platform = await startServer(env.value);
process.on('SIGTERM', () => void platform.close().finally(() => process.exit(0)));
// The primary handles Ctrl-C for the whole group: a worker waits for its SIGTERM instead of dying mid-request.
process.on('SIGINT', () => {});
