// The platform alone, for the bench: in its own process so the load generator does not share its event loop.
// It hands the bench the demo merchant's publishable id and a fresh secret key over IPC (never printed).
import { readEnv } from '../../server/env.ts';
import { startServer } from '../../server/main.ts';
import { replaceApiKey } from '../../server/merchants/api-keys.ts';

const env = readEnv(process.env);
if (!env.ok) throw new Error(env.problems.join('\n'));
const platform = await startServer(env.value);
const merchantId = platform.seed.merchant.merchantId;
const merchant = await platform.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', merchantId).executeTakeFirstOrThrow();
const key = await replaceApiKey(platform.app.db, merchant.id, 'bench', env.value.MODE);
process.send?.({ ready: true, merchantId, secretKey: key.key });
process.on('SIGTERM', () => void platform.close().then(() => process.exit(0)));
