// The platform alone, for the bench: in its own process so the load generator does not share its event loop.
import { readEnv } from '../../server/env.ts';
import { startServer } from '../../server/main.ts';

const env = readEnv(process.env);
if (!env.ok) throw new Error(env.problems.join('\n'));
const platform = await startServer(env.value);
process.send?.({ ready: true });
process.on('SIGTERM', () => void platform.close().then(() => process.exit(0)));
