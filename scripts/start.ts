// `npm start`: the whole platform on one machine with embedded defaults (PGlite in ./data, test
// network, test acquirer, dev outbox) plus the demo shop on its own origin, so the cross-site
// iframe behaviour a merchant meets is real. Builds the bundles when their sources changed, while the
// database starts, and opens the port only once they are written.

import { join } from 'node:path';
import { startBuildIfStale } from './build-if-stale.ts';
import { readEnv } from '../server/env.ts';
import { startServer } from '../server/main.ts';
import { startShop } from '../demo-merchant-site/server.ts';
import { startBank, type RunningBank } from '../test-bank/server.ts';
import { bankSecretFor } from '../server/online-banking/bank-secret.ts';
import { usesDevelopmentCodeKey } from '../server/verification/code-key.ts';
import { replaceApiKey } from '../server/merchants/api-keys.ts';
import { updateWebhook } from '../server/webhooks/endpoint.ts';
import { secretBoxFor } from '../server/webhooks/secret-box.ts';
import { demoOtpauthUri } from '../server/seed/seed-operators.ts';
import { describeCapabilities } from '../server/capabilities.ts';
import { maskNodeUrl } from '../server/chain/chain-config.ts';
import { startLocalNodes, type RunningLocalNodes } from './local-nodes.ts';
import { clusterSize, startCluster } from './serve-cluster.ts';

const root = join(import.meta.dirname, '..');

async function main(): Promise<void> {
  // --local-nodes: real node software (litecoind regtest, anvil) instead of the built-in test network.
  const localNodes = process.argv.includes('--local-nodes') ? await startNodes() : undefined;
  const env = readEnv({ ...process.env, ...localNodes?.env });
  if (!env.ok) {
    console.error('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
    process.exit(1);
  }

  // PROCESSES=N: N server processes on one PostgreSQL (scripts/serve-cluster.ts); else this one.
  const processes = clusterSize(process.env.PROCESSES, env.value);

  // One process: the database opens, migrates and seeds while the bundles build, and the port opens once
  // they are written. A cluster's processes start once the build is done, as before.
  const build = startBuildIfStale(root);
  // Handled by startServer (beforeListen) or awaited first; this keeps a failure before then from going unhandled.
  build.done.catch(() => {});
  const platform =
    processes > 1
      ? await build.done.then(() => startCluster(env.value, processes, { ...process.env, ...localNodes?.env }))
      : await startServer(env.value, { beforeListen: () => build.done });
  const built = await build.done;
  if (built.built) console.log(`Built bundles in ${(built.ms / 1000).toFixed(1)} s`);
  const platformUrl = env.value.PUBLIC_URL;
  // The demo shop gets its own key ('demo shop', the previous one revoked) and a fresh webhook secret at
  // every start, handed over in memory only: neither is printed nor written anywhere.
  const merchantId = platform.seed.merchant.merchantId;
  const merchant = await platform.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', merchantId).executeTakeFirstOrThrow();
  const shopKey = await replaceApiKey(platform.app.db, merchant.id, 'demo shop', env.value.MODE);
  const webhook = await updateWebhook(platform.app.db, secretBoxFor(env.value), merchant.id, { webhook_url: `http://127.0.0.1:${env.value.SHOP_PORT}/webhooks`, rotate_secret: true }, env.value.MODE);
  // Live mode refuses a plain-http local endpoint: the shop then relies on the status API alone.
  if (!webhook.ok) console.warn(`  The demo shop gets no webhooks (${webhook.error.message}); it checks the status API instead.`);
  const webhookSecret = webhook.ok ? webhook.value.webhook_secret : undefined;
  const shop = await startShop({ port: env.value.SHOP_PORT, platformUrl, merchantId, secretKey: shopKey.key, ...(webhookSecret ? { webhookSecret } : {}) });

  // The test bank (test mode only): its own origin on loopback, sharing only the signing secret with the platform.
  const bank: RunningBank | undefined =
    env.value.MODE === 'test' ? await startBank({ port: env.value.TEST_BANK_PORT ?? 4100, secret: bankSecretFor(env.value) }) : undefined;

  const seed = platform.seed;
  console.log(
    [
      '',
      `  Platform     ${platformUrl}   (mode: ${env.value.MODE}, database: ${platform.database})`,
      `  Member app   ${platformUrl}/sys-wallets/login   (register, verify, sign in)`,
      `  Provider 2   ${platformUrl.replace('localhost', 'wl2.localhost')}/sys-wallets/login   (alternate branding)`,
      `  Pages        ${platformUrl}/sys-blocked/country   ${platformUrl}/sys-maintenance/wallets?lang=es`,
      `  Demo shop    ${shop.url}   (opens the checkout overlay through pay.js)`,
      ...(bank ? [`  Test bank    ${bank.url}   (online banking's approval pages; test mode, no real money)`] : []),
      ...(localNodes
        ? [
            `  Local nodes  litecoind regtest ${maskNodeUrl(localNodes.info.litecoin.rpcUrl)}, anvil ${localNodes.info.ethereum.rpcUrl} (a block every ${Math.max(1, Math.round((env.value.TEST_NETWORK_BLOCK_MS ?? 5000) / 1000))} s)`,
            `               pay a checkout from the nodes' wallets: npm run local-pay -- LTC <address> <amount>   (or ETH, USDT, USDC)`,
          ]
        : []),
      `  API          ${platformUrl}/docs   (the reference of every endpoint)   ${platformUrl}/healthz`,
      ...(env.value.MODE === 'test' ? [`  Dev outbox   ${platformUrl}/dev/outbox   (test mode: every e-mail and SMS, with its codes and links, lands here${env.value.SMTP_URL ? '; mail goes out by SMTP' : ''})`] : []),
      ...(usesDevelopmentCodeKey(env.value) ? ['  APP_SECRET   not set: one-time codes use the fixed development key (test mode only; set APP_SECRET for anything real)'] : []),
      '',
      '  What is on (set the named variables to switch more on):',
      ...describeCapabilities(env.value).map((line) => `    ${line}`),
      '',
      `  Demo member    ${seed.member.email} / ${seed.member.password}`,
      `  Demo merchant  ${seed.merchant.email} / ${seed.merchant.password}   (merchant id ${seed.merchant.merchantId})`,
      ...(seed.merchant.secretKey ? [`  Merchant secret key (shown once, stored hashed): ${seed.merchant.secretKey}`] : []),
      ...(seed.operators.length > 0
        ? [
            '',
            `  Operator console  ${platformUrl}/sys-admin/login   (test mode demo operators, on both providers; password ${seed.operators[0]?.password})`,
            ...seed.operators.map((operator) => `    ${operator.role.padEnd(10)} ${operator.email.padEnd(34)} TOTP secret ${operator.totpSecret}\n${' '.repeat(15)}${demoOtpauthUri(operator, 'PayKit demo')}`),
          ]
        : []),
      '',
      '  Ctrl-C stops everything and closes the database cleanly.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    await shop.close();
    await bank?.close();
    await platform.close();
    await localNodes?.stop();
    console.log('Stopped; the database was closed cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function startNodes(): Promise<RunningLocalNodes> {
  console.log('Starting the local nodes (litecoind regtest, anvil)...');
  const blockMs = Number(process.env.TEST_NETWORK_BLOCK_MS || 5000);
  const nodes = await startLocalNodes({ blockMs, ...(process.env.LOCAL_NODES_FILE ? { infoFile: process.env.LOCAL_NODES_FILE } : {}) });
  console.log(`Local nodes up; their connection details are in ${nodes.infoFile}`);
  return nodes;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
