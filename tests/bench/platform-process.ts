// The platform in a child process for the bench (tests/bench/serve.ts): the load generator and the timers
// must not share its event loop. Shared by the HTTP sections and the chain section (which points it at a
// local litecoind through extraEnv).

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { MerchantCredentials } from './merchant-bench.ts';

export interface PlatformProcess {
  child: ChildProcess;
  merchant: MerchantCredentials;
  /** The bare routes' base URL (bare-routes.ts) when started with bareRoutes, else null. */
  bareBase: string | null;
  /** SIGTERM, then the child's exit. */
  stop(): Promise<void>;
}

/** `bareRoutes`: also serve the bench's bare routes on port + 6 from the same process and database. */
export async function startPlatform(port: number, databaseUrl: string, extraEnv: Record<string, string> = {}, options: { bareRoutes?: boolean } = {}): Promise<PlatformProcess> {
  const child = fork(join(import.meta.dirname, 'serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(port),
      SHOP_PORT: String(port + 1),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      // The bench measures the server, not the limiters (all its clients share 127.0.0.1 and one merchant key).
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      MERCHANT_RATE_LIMIT_PER_SECOND: '100000',
      TEST_NETWORK_BLOCK_MS: '0',
      ...(options.bareRoutes ? { BENCH_BARE_PORT: String(port + 6) } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<MerchantCredentials & { bareBase: string | null }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as MerchantCredentials & { bareBase: string | null }));
    child.once('exit', (code) => reject(new Error(`the platform exited with ${code} before it was ready`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    merchant: { merchantId: ready.merchantId, secretKey: ready.secretKey },
    bareBase: ready.bareBase ?? null,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
