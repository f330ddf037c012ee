// The platform alone, for the bench: in its own process so the load generator does not share its event loop.
// It hands the bench the demo merchant's publishable id and a fresh secret key over IPC (never printed).
import { readEnv } from '../../server/env.ts';
import { startServer } from '../../server/main.ts';
import { replaceApiKey } from '../../server/merchants/api-keys.ts';
import { DEMO_MEMBER } from '../../server/seed/seed.ts';
import { startBareRoutes } from './bare-routes.ts';

const env = readEnv(process.env);
if (!env.ok) throw new Error(env.problems.join('\n'));
const platform = await startServer(env.value);
const merchantId = platform.seed.merchant.merchantId;
const merchant = await platform.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', merchantId).executeTakeFirstOrThrow();
const key = await replaceApiKey(platform.app.db, merchant.id, 'bench', env.value.MODE);
// The conversion figures measure conversions, not the verification ladder: the seeded demo member is at
// the basic level (EUR 150 a month), so the bench's member is identity-verified first (the verified level).
await platform.app.db.updateTable('users').set({ email_verified: true, mobile_verified: true, compliance_status: 'successful' }).where('email', '=', DEMO_MEMBER.email).execute();
// The database's own limit beside the merchant API (bare-routes.ts): only for the bench that asks for it.
const barePort = process.env.BENCH_BARE_PORT ? Number(process.env.BENCH_BARE_PORT) : null;
const bare = barePort ? await startBareRoutes(platform.app.db, barePort) : null;
process.send?.({ ready: true, merchantId, secretKey: key.key, bareBase: bare?.base ?? null });
process.on('SIGTERM', () => void (bare?.close() ?? Promise.resolve()).then(() => platform.close()).then(() => process.exit(0)));
