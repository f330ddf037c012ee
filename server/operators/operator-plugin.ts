// The console's settings on the app (the TOTP box, the clock) and request.operator, which the guard
// of every operator endpoint sets (guard.ts). Registered once, globally, before any route.

import type { Env } from '../env.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import type { OperatorContext } from './operator-context.ts';
import { totpBoxFor, type TotpBox } from './totp-box.ts';

export interface OperatorsConfig {
  totpBox: TotpBox;
  /** The clock, replaceable in tests (idle expiry, TOTP steps). */
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorsConfig;
  }
  interface FastifyRequest {
    /** Set by the guard of operator endpoints; null everywhere else. */
    operator: OperatorContext | null;
  }
}

export const operatorsPlugin = globalPlugin<{ env: Pick<Env, 'APP_SECRET' | 'MODE'>; now?: () => Date }>('operators', async (app, options) => {
  app.decorate('operators', { totpBox: totpBoxFor(options.env), now: options.now ?? (() => new Date()) });
  app.decorateRequest('operator', null);
});
