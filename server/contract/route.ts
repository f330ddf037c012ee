// Every API route is registered here, from its endpoint in core/contract: one place decides who may
// call it (the caller's guard), how often (its rate-limit class: per address, or per secret key for the
// merchant API), whether it takes an Idempotency-Key, how its input is read (refused text, then the
// endpoint's valibot schemas) and how its answer is wrapped (the envelope of its format). Failures are
// thrown as ApiError and shaped by the central error handler, which reads the endpoint from the route's
// config for its format.
//
// With `checkAnswers` (every test app), each answer is also checked against the endpoint's answer
// schema before it leaves, and a field the schema does not declare is an error too: the contract, the
// document generated from it and the server cannot drift apart without a test failing.

import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { routePath, type AnyEndpoint, type EndpointAnswer, type ParsedInput, type RateClass, type SessionRule } from '#core/contract/endpoint.ts';
import { ok } from '#core/envelope.ts';
import { parseInput } from '../http/validate-input.ts';
import { authRateLimit } from '../http/auth-rate-limit.ts';
import { optionalSession, requireSession, requireSessionDuringDoubleAuth, requireSessionWithExpiredPassword } from '../identity/authenticate.ts';
import { requireSecretKey } from '../merchants/secret-key-guard.ts';
import { operatorGuard } from '../operators/guard.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { requireFlowToken } from '../checkout/flow-token.ts';
import { refuseUnsafeText } from './unsafe-text.ts';
import { ANSWERED_FOR_KEY, runWithKeyInStatement, type KeyInStatement } from '../http/idempotency-in-statement.ts';
import { undocumentedFields } from './undocumented-fields.ts';

export interface ContractSettings {
  mode: 'test' | 'live';
  /** Check every answer against its schema (test apps); a mismatch is a 500 with the details logged. */
  checkAnswers: boolean;
  /** AUTH_RATE_LIMIT_PER_MINUTE: the auth class, and half of it for the reset class. */
  authPerMinute: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    contract: ContractSettings;
  }
}

export const contractPlugin = globalPlugin<ContractSettings>('contract', async (app, settings) => {
  app.decorate('contract', { mode: settings.mode, checkAnswers: settings.checkAnswers, authPerMinute: settings.authPerMinute });
});

export interface HandlerContext<E extends AnyEndpoint> extends ParsedInput<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** A route registered with { idempotency: 'in_statement' } and called with a key: the key its statement writes. */
  keyInStatement: KeyInStatement | null;
}

export interface RouteOptions {
  /**
   * The handler's work is one statement that writes the Idempotency-Key itself, already done
   * (server/http/idempotency-in-statement.ts), instead of the key's own claim and store around it.
   */
  idempotency?: 'in_statement';
}

export type Handler<E extends AnyEndpoint> = (context: HandlerContext<E>) => Promise<EndpointAnswer<E>> | EndpointAnswer<E>;

const SESSION_GUARDS: Record<SessionRule, preHandlerAsyncHookHandler> = {
  required: requireSession,
  during_double_auth: requireSessionDuringDoubleAuth,
  expired_password: requireSessionWithExpiredPassword,
  optional: optionalSession,
};

function guardOf(endpoint: AnyEndpoint): preHandlerAsyncHookHandler[] {
  switch (endpoint.caller) {
    case 'public':
    case 'merchant_public':
      return [];
    case 'member':
      return [SESSION_GUARDS[endpoint.session ?? 'required']];
    case 'merchant_secret':
      return [requireSecretKey];
    case 'operator':
      // The console's op_token session, then the role check (403 operator_forbidden for a role not listed).
      return [operatorGuard(endpoint.roles)];
    case 'flow':
      // The guest checkout's flow token (cookie or bearer); request.flow names its checkout.
      return [requireFlowToken];
  }
}

/**
 * Requests a minute per address for each class; false exempts the route from the per-address limiter
 * (cacheable public reads, and merchant_key routes, which onRequestOf gives their own).
 */
function rateLimitOf(rate: RateClass, settings: ContractSettings): false | { max: number; timeWindow: number } | undefined {
  switch (rate) {
    case 'none':
    case 'merchant_key':
      return false;
    case 'standard':
      return undefined;
    case 'auth':
      return authRateLimit(settings.authPerMinute);
    // A reset mails a stranger's inbox, so it is the cheaper one to abuse: half the sign-in limit.
    case 'reset':
      return authRateLimit(Math.max(1, Math.ceil(settings.authPerMinute / 2)));
    // The public pay button creates payments: plenty for a buyer, too few to fill the table.
    case 'pay_button':
      return { max: 20, timeWindow: 60_000 };
    // The test network's faucet and miner, like a public faucet.
    case 'faucet':
      return { max: 60, timeWindow: 60_000 };
  }
}

/** The merchant API's per-key limiter (server/http/merchant-rate-limit.ts) in front of a merchant_key route. */
function onRequestOf(app: FastifyInstance, rate: RateClass): onRequestAsyncHookHandler[] {
  return rate === 'merchant_key' ? [app.merchantRateLimit.hook] : [];
}

function readInput<E extends AnyEndpoint>(endpoint: E, request: FastifyRequest): ParsedInput<E> {
  const parts = { params: endpoint.params, query: endpoint.query, body: endpoint.body } as const;
  const input: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = parts[part];
    if (schema === undefined) continue;
    // A POST without a body reads as an empty object, so an endpoint whose fields are all optional needs
    // none; a body that is JSON null is a body, and is refused like any other non-object.
    const raw = part === 'body' && request.body === undefined ? {} : request[part];
    refuseUnsafeText(raw, part);
    input[part] = parseInput(schema, raw, part);
  }
  return input as unknown as ParsedInput<E>;
}

function checkAnswer(endpoint: AnyEndpoint, answer: unknown): void {
  const parsed = v.safeParse(endpoint.answer, answer);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: ${issue.message}`);
    throw new Error(`answer of ${endpoint.id} fails its schema: ${problems.join('; ')}`);
  }
  const extra = undocumentedFields(answer, parsed.output);
  if (extra.length > 0) throw new Error(`answer of ${endpoint.id} has fields its schema does not declare: ${extra.join(', ')}`);
}

/** The body the route sends for `answer` in its endpoint's format; null for formats that are not JSON. */
function jsonBodyOf(endpoint: AnyEndpoint, answer: unknown): unknown {
  switch (endpoint.format ?? 'envelope') {
    case 'envelope':
    case 'current_user':
      return ok(answer);
    case 'checkout':
      return { success: true, data: answer };
    case 'raw':
      return answer;
    case 'csv':
    case 'pdf':
    case 'svg':
      return null;
  }
}

/** Registers the route of `endpoint` with `handler`, which returns the answer (never the envelope). */
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: RouteOptions = {}): void {
  const settings = app.contract;
  if (endpoint.testModeOnly && settings.mode !== 'test') return;
  const rateLimit = rateLimitOf(endpoint.rate, settings);
  const keyInStatement = endpoint.idempotency && options.idempotency === 'in_statement';
  const idempotency = keyInStatement ? ('in_statement' as const) : endpoint.idempotency;
  const answerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<EndpointAnswer<E>> => {
    const claim = keyInStatement ? request.idempotencyClaim : null;
    const key = claim ? { claim, storedBody: (answer: unknown) => jsonBodyOf(endpoint, answer) } : null;
    return handler({ ...readInput(endpoint, request), request, reply, keyInStatement: key });
  };
  app.route({
    method: endpoint.method,
    url: routePath(endpoint),
    onRequest: onRequestOf(app, endpoint.rate),
    preHandler: guardOf(endpoint),
    config: { endpoint, idempotency, ...(rateLimit === undefined ? {} : { rateLimit }) },
    handler: async (request, reply) => {
      const answer = keyInStatement ? await runWithKeyInStatement(request, reply, () => answerOf(request, reply)) : await answerOf(request, reply);
      // A taken key answered for itself: the stored answer again, already sent.
      if (answer === ANSWERED_FOR_KEY) return reply;
      if (settings.checkAnswers) checkAnswer(endpoint, answer);
      switch (endpoint.format ?? 'envelope') {
        case 'csv':
          return reply.type('text/csv; charset=utf-8').send(answer);
        case 'pdf':
          return reply.type('application/pdf').send(Buffer.from(answer as Uint8Array));
        case 'svg':
          return reply.type('image/svg+xml').send(answer);
        default:
          return jsonBodyOf(endpoint, answer);
      }
    },
  });
}
