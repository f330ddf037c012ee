// The app factory. Plugins register in a fixed order, because each relies on the ones before it:
//   1. request ids and structured logging (every later log line carries the id)
//   2. security headers, HTML compression, cookies, rate limiting, the JSON-only body rule
//   3. the error and not-found handlers (one envelope for every failure)
//   4. the database decorator, then provider resolution from the Host header (needs the database)
//   5. routes: health, API (/v1, /mapi), the API reference (/docs), static files, page shells
// buildApp does not open or close the database: its caller owns it (main.ts, the test helper).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Env } from './env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { loggerOptions, requestIdFor, type LogDestination } from './plugins/logging.ts';
import { providerPlugin } from './plugins/provider.ts';
import { notifierPlugin } from './notifications/notifier.ts';
import { identityPlugin } from './identity/authenticate.ts';
import { idempotencyPlugin } from './http/idempotency.ts';
import { pgliteVacuum } from './maintenance/pglite-vacuum.ts';
import { retentionSweeper } from './maintenance/retention-sweeper.ts';
import { securityHeaderPolicies } from './plugins/security-headers.ts';
import { htmlCompression } from './plugins/html-compression.ts';
import { configRoutes } from './routes/config.ts';
import { geoRoutes } from './routes/geo.ts';
import { healthRoutes } from './routes/health.ts';
import { sdkInfoRoutes } from './routes/sdk-info.ts';
import { shellRoutes } from './routes/shell.ts';
import { marketsRoutes } from './markets/markets-routes.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { registrationRoutes } from './routes/registration.ts';
import { profileRoutes } from './routes/profile.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { verifyRoutes } from './routes/verify.ts';
import { transactionsRoutes } from './routes/transactions.ts';
import { walletsRoutes } from './routes/wallets.ts';
import { conversionRoutes } from './conversions/routes.ts';
import { ratesPlugin } from './rates/plugin.ts';
import { ratesRoutes } from './routes/rates.ts';
import { isStaticPath, staticFileRoutes } from './routes/static-files.ts';
import { depositRoutes } from './routes/deposits.ts';
import { withdrawalRoutes } from './routes/withdrawals.ts';
import { ManifestStore } from './shell/manifest.ts';
import { chainPlugin } from './chain/chain-plugin.ts';
import { leaderPlugin } from './plugins/leader.ts';
import { testNetworkRoutes } from './routes/test-network.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { merchantReportsRoutes } from './merchant-reports/routes.ts';
import { refundRoutes } from './refunds/routes.ts';
import { developerRoutes } from './developers/routes.ts';
import { settlementRoutes } from './settlements/routes.ts';
import { limitsRoutes } from './limits/routes.ts';
import { paymentsPlugin } from './payments/payments-plugin.ts';
import { merchantApiRoutes } from './mapi/routes.ts';
import { merchantSettingsRoutes } from './merchant-settings/routes.ts';
import { paymentLinkRoutes } from './payment-links/routes.ts';
import { secretBoxFor } from './webhooks/secret-box.ts';
import { contractPlugin } from './contract/route.ts';
import { docsRoutes } from './routes/docs.ts';
import { complianceRoutes } from './compliance/routes.ts';
import { adminComplianceRoutes } from './compliance/admin-routes.ts';
import { httpKycProvider, kycWebhookRoutes, liveKycSettings } from './compliance/live-adapter.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { acceptJsonOnly } from './http/json-body.ts';
import { merchantAuthPlugin } from './merchants/secret-key-guard.ts';
import { flowPlugin } from './checkout/flow-token.ts';
import { checkoutRoutes as guestCheckoutRoutes } from './checkout/routes.ts';
import { invoiceRoutes } from './checkout/invoice-routes.ts';
import { adminCouponRoutes } from './coupons/routes.ts';
import { remitRoutes } from './checkout/remit-routes.ts';
import { buyWidgetRoutes } from './checkout/buy-widget-routes.ts';
import { DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE } from './http/auth-rate-limit.ts';
import { merchantRateLimitPlugin, type MerchantRateLimitOptions } from './http/merchant-rate-limit.ts';
import { rateLimitedError } from './http/rate-limited-error.ts';
import { operatorsPlugin } from './operators/operator-plugin.ts';
import { operatorRoutes } from './operators/routes.ts';
import { memberRoutes } from './operators/members-routes.ts';
import { adminMoneyRoutes } from './admin-money/routes.ts';
import { adminMerchantRoutes } from './admin-merchants/routes.ts';
import { adminWhitelabelRoutes } from './admin-whitelabel/routes.ts';
import { adminChainRoutes } from './admin-chains/routes.ts';
import { onlineBankingRoutes } from './online-banking/routes.ts';
import { bankSecretFor, testBankUrl } from './online-banking/bank-secret.ts';
import { checkoutOnlineBankingRoutes, checkoutWireRoutes } from './checkout/bank-routes.ts';
import { incomingWireRoutes } from './admin-money/incoming-wires.ts';

export const REPO_ROOT = join(import.meta.dirname, '..');
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface BuildAppOptions {
  env: Env;
  db: DatabaseHandle;
  /** Log destination and level; default: stdout at env.LOG_LEVEL. `false` turns logging off. */
  logger?: false | { destination?: LogDestination; level?: Env['LOG_LEVEL'] };
  /** Where the built bundles are (default <repo>/dist). */
  distDir?: string;
  /** Where /brand files come from (default server/public). */
  publicDir?: string;
  /** How long a host's provider answer is reused (default 5000 ms; 0 = look up every time). */
  providerCacheTtlMs?: number;
  /** How long a merchant secret key's lookup is reused (default 5000 ms; 0 = look up every time; changes in this process clear it at once). */
  secretKeyCacheTtlMs?: number;
  /** Default per-address limit for routes that do not set their own (default env.RATE_LIMIT_PER_MINUTE, else 600 a minute). */
  rateLimit?: { max: number; timeWindowMs: number };
  /** The merchant API's limit per secret key (default env.MERCHANT_RATE_LIMIT_PER_SECOND, else 100 a second; a one-second window; limits cached 5 s). */
  merchantRateLimit?: MerchantRateLimitOptions;
  /** Registered after the built-in routes; tests use it to add routes that misbehave on purpose. */
  extraRoutes?: FastifyPluginAsync;
  /** Check every answer against its contract schema (server/contract/route.ts); test apps turn it on. */
  checkAnswers?: boolean;
  /** Record prices over time and fill the past on start (default true; test apps turn it off unless asked). */
  priceHistory?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const distDir = options.distDir ?? join(REPO_ROOT, 'dist');
  const publicDir = options.publicDir ?? join(import.meta.dirname, 'public');
  const logging = options.logger;

  const app = Fastify({
    logger: logging === false ? false : loggerOptions(logging?.level ?? env.LOG_LEVEL, logging?.destination),
    genReqId: requestIdFor,
    // Put a limit on everything: bodies are small JSON, and a slow client cannot hold a socket forever.
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    routerOptions: { maxParamLength: 200 },
  });

  // 1. Request id echoed before anything can fail, so even a 404 or a 500 carries it.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // 2. Edge concerns.
  const policies = securityHeaderPolicies(env.PUBLIC_URL);
  await app.register(fastifyHelmet, policies.strict);
  await app.register(htmlCompression);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimit?.max ?? env.RATE_LIMIT_PER_MINUTE ?? 600,
    timeWindow: options.rateLimit?.timeWindowMs ?? 60_000,
    // @fastify/static takes no route config, so its files are exempted here rather than per route.
    allowList: (request) => isStaticPath(request.url),
    // The IETF draft's RateLimit-Limit, -Remaining and -Reset on every limited answer, and Retry-After on a 429.
    enableDraftSpec: true,
    // A 429 in our envelope: rate_limited, with the wait in its message and as retry_after_s.
    errorResponseBuilder: rateLimitedError,
  });
  // JSON is the only body the API accepts (anything else is a 415), and its nesting is bounded.
  acceptJsonOnly(app);

  // 3. Failures, and the table of every route registered from here on.
  await app.register(errorHandlerPlugin);
  await app.register(routeTablePlugin);

  // 4. Data and tenancy.
  await app.register(databasePlugin, { db: options.db.db });
  // Which of several processes on one PostgreSQL runs the once-only duties (the block producer, the chain
  // watchers, the price recorder); on PGlite this process, always.
  await app.register(leaderPlugin, { db: options.db });
  // The merchant API's limit per secret key (needs the rate limiter and the database).
  await app.register(merchantRateLimitPlugin, { perSecond: env.MERCHANT_RATE_LIMIT_PER_SECOND, ...options.merchantRateLimit });
  await app.register(providerPlugin, { ttlMs: options.providerCacheTtlMs ?? 5_000 });
  // Mail, SMS and the one-time-code key (needs the database for the test-mode outbox).
  await app.register(notifierPlugin, { env });
  // Sessions: request.session, set by the requireSession / optionalSession preHandlers of each route.
  await app.register(identityPlugin, { publicUrl: env.PUBLIC_URL });
  // Merchant API calls: request.merchantAuth, set by the secret-key guard of merchant_secret endpoints.
  await app.register(merchantAuthPlugin, { cacheTtlMs: options.secretKeyCacheTtlMs ?? 5_000 });
  await app.register(flowPlugin);
  // The operator console: request.operator, set by the guard of operator endpoints; the TOTP box.
  await app.register(operatorsPlugin, { env });
  // Idempotency-Key for routes with config.idempotency (before any route is registered: it hooks onRoute).
  await app.register(idempotencyPlugin);
  // Every API route is registered from its endpoint in core/contract through route() (server/contract/route.ts).
  await app.register(contractPlugin, {
    mode: env.MODE,
    checkAnswers: options.checkAnswers ?? false,
    authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE ?? DEFAULT_AUTH_RATE_LIMIT_PER_MINUTE,
  });

  // 5. Routes. Domain services first (each route module below may use them), then the API by
  // resource in the reference's order, then the pages and files.
  await app.register(ratesPlugin, { env, history: options.priceHistory ?? true });
  await app.register(chainPlugin, { env });
  // Merchant payments on the chain pipeline, and their expiry sweeper.
  await app.register(paymentsPlugin);
  // Removes finished short-lived rows (idempotency keys, codes, tokens, old sessions, quotes) hourly.
  await app.register(retentionSweeper);
  // PGlite has no autovacuum: the platform vacuums and analyzes its tables itself.
  await app.register(pgliteVacuum, { dialect: options.db.dialect });

  // Main API: identity.
  await app.register(sessionRoutes);
  await app.register(registrationRoutes);
  await app.register(profileRoutes);
  await app.register(verifyRoutes);
  // Main API: money.
  await app.register(ratesRoutes);
  await app.register(walletsRoutes);
  await app.register(transactionsRoutes);
  await app.register(conversionRoutes);
  await app.register(depositRoutes, { mode: env.MODE });
  await app.register(withdrawalRoutes, { settleMs: env.WITHDRAWAL_SETTLE_MS });
  // Main API: merchants' webhooks (starts the delivery worker).
  await app.register(webhookRoutes, { env });
  // Main API: the merchant back office's payment reports.
  await app.register(merchantReportsRoutes);
  // Main API: refunds and accepted exceptions, and the buyer's refund claim (public).
  await app.register(refundRoutes, { env });
  await app.register(merchantSettingsRoutes, { env });
  await app.register(paymentLinkRoutes);
  await app.register(developerRoutes, { env });
  await app.register(settlementRoutes, { settleMs: env.WITHDRAWAL_SETTLE_MS });
  await app.register(limitsRoutes, { env });
  // Merchant API; receipts are signed with the merchant's webhook secret, which APP_SECRET opens.
  await app.register(merchantApiRoutes, { box: secretBoxFor(env) });
  // Main API: the operator console's sign-in, overview and audit log (/v1/admin/...).
  await app.register(operatorRoutes);
  await app.register(memberRoutes);
  // Main API: the console's money area: wires, maker-checker withdrawals, payouts, the ledger check.
  await app.register(adminMoneyRoutes);
  // Main API: the console's merchants, fees and white-label editor (/v1/admin/merchants, fees, whitelabel).
  await app.register(adminMerchantRoutes, { mode: env.MODE });
  await app.register(adminWhitelabelRoutes);
  // Main API: the console's chains (each watcher's state, and the payouts' hot wallets).
  await app.register(adminChainRoutes, { hotWallets: async () => (await app.chain.payouts.hotWalletBalances()).map(({ asset, balanceMinor, address, pendingMinor, error }) => ({ asset, balanceMinor, address, pendingMinor, error })) });
  // Platform: health, configuration, the visitor's country, the SDK's integrity hash.
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(geoRoutes);
  await app.register(sdkInfoRoutes, { distDir, publicUrl: env.PUBLIC_URL });
  // Compliance (KYC): the member's steps, photos and submission.
  // Live mode: the hosted KYC provider (its adapter and signed webhook). Without its variables submissions
  // wait as pending for an operator, and the start says which variables are missing.
  const kyc = env.MODE === 'live' ? liveKycSettings(process.env) : null;
  await app.register(complianceRoutes, { env, liveProvider: kyc?.ok ? httpKycProvider(kyc.settings) : undefined });
  await app.register(adminComplianceRoutes, { env });
  if (kyc?.ok) await app.register(kycWebhookRoutes, { settings: kyc.settings });
  else if (kyc) app.log.warn(`MODE=live without a KYC provider: set ${kyc.missing.join(', ')}; until then identity checks wait for an operator`);
  // The guest checkout; remittances to an IBAN are paid out by the test bank (test mode; no bank in live mode).
  const checkoutBank = env.MODE === 'test' ? { url: testBankUrl(env), secret: bankSecretFor(env) } : null;
  await app.register(guestCheckoutRoutes, { env, bank: checkoutBank });
  await app.register(remitRoutes, { bank: checkoutBank });
  // The buy widget's order (checkout/create) and its receipt, signed with the merchant's webhook secret.
  await app.register(buyWidgetRoutes, { box: secretBoxFor(env) });
  // Paid by wire (both modes; live answers bank_account_missing until a receiving account is configured) and the console's incoming wires.
  await app.register(checkoutWireRoutes, { mode: env.MODE });
  await app.register(incomingWireRoutes);
  // The paid checkout's invoice, PDF and receipt mail; registering from it; its coupon; verify/id.
  await app.register(invoiceRoutes);
  // The console's coupons (/v1/admin/coupons).
  await app.register(adminCouponRoutes);
  // Test mode only (their endpoints are testModeOnly; in live mode these paths answer 404).
  if (env.MODE === 'test') {
    // The test network's faucet and miner exist only while it serves the chains (not on local nodes).
    if (app.chain.testNetwork) await app.register(testNetworkRoutes, { blockMs: env.TEST_NETWORK_BLOCK_MS ?? 0 });
    await app.register(devOutboxRoutes);
    // Online banking against the test bank (test-bank/, started by scripts/start.ts on TEST_BANK_PORT).
    await app.register(onlineBankingRoutes, { bank: { url: testBankUrl(env), secret: bankSecretFor(env) }, publicUrl: env.PUBLIC_URL });
    // The guest checkout paid by online banking at the test bank (no live bank: these paths are 404 in live mode).
    await app.register(checkoutOnlineBankingRoutes, { bank: { url: testBankUrl(env), secret: bankSecretFor(env) }, publicUrl: env.PUBLIC_URL });
  }
  // The API reference, generated from the endpoint table.
  await app.register(docsRoutes, { publicUrl: env.PUBLIC_URL, version: VERSION, policies });
  // Files and pages.
  await app.register(staticFileRoutes, { distDir, publicDir });
  const manifests = new ManifestStore(distDir);
  await app.register(shellRoutes, { env, manifests, policies });
  await app.register(marketsRoutes, { env, manifests });
  if (options.extraRoutes) await app.register(options.extraRoutes);

  await app.ready();
  return app;
}
