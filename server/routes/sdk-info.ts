// GET /v1/sdk (core/contract/platform.ts): where pay.js lives and its Subresource Integrity hash, for
// merchants (and the demo shop) to write <script src=... integrity=... crossorigin="anonymous">. The
// hash comes from the build (dist/sdk/sri.json), read once.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { getSdk } from '#core/contract/platform.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';

const SriSchema = v.object({ 'pay.js': v.pipe(v.string(), v.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/)) });

export interface SdkInfoOptions {
  distDir: string;
  publicUrl: string;
}

export async function sdkInfoRoutes(app: FastifyInstance, { distDir, publicUrl }: SdkInfoOptions): Promise<void> {
  let integrity: string | undefined;
  const readIntegrity = async (): Promise<string | undefined> => {
    if (integrity) return integrity;
    try {
      const parsed = v.safeParse(SriSchema, JSON.parse(await readFile(join(distDir, 'sdk', 'sri.json'), 'utf8')));
      if (parsed.success) integrity = parsed.output['pay.js'];
    } catch {
      // Not built yet: answered below as 503.
    }
    return integrity;
  };

  route(app, getSdk, async ({ reply }) => {
    const hash = await readIntegrity();
    if (!hash) throw apiError('service_unavailable', 'The SDK is not built yet: run npm run build.');
    reply.header('cache-control', 'public, max-age=300');
    return { version: 'v1' as const, url: `${publicUrl}/sdk/v1/pay.js`, integrity: hash, esm_url: `${publicUrl}/sdk/pay.mjs` };
  });
}
