// The platform's own public reads: is the process healthy, what does this provider's white label look
// like, where is the merchant SDK, and which country is the caller in. Cheap and cacheable, so never
// rate-limited: a page load behind a shared address must not fail on them.

import * as v from 'valibot';
import { MODULES } from '../modules.ts';
import { ChainStatusSchema } from './admin-chains.ts';
import { WhiteLabelSchema, type WhiteLabel } from '../whitelabel.ts';
import { endpoint } from './endpoint.ts';
import { object } from './schema-kit.ts';
import { testWhiteLabel } from '../whitelabel.fixture.ts';

/**
 * `chains`: degraded when a watcher's node does not answer or the watcher is more than 6 blocks behind
 * (core/chain/chain-health.ts). It never makes the answer 503: every instance watches the same nodes,
 * so taking this one out of rotation would not help. `chain_details`: the watchers one by one, only
 * for a console session of a role that may read the Chains page.
 */
const healthChains = {
  chains: v.picklist(['ok', 'degraded']),
  chain_details: v.optional(v.array(ChainStatusSchema)),
};

export const HealthAnswerSchema = v.union([
  v.object({ status: v.literal('ok'), db: v.literal('ok'), ...healthChains }),
  /** Answered with 503, so a load balancer takes the instance out of rotation. */
  v.object({ status: v.literal('unavailable'), db: v.literal('down'), ...healthChains }),
]);

export const ConfigQuerySchema = object({
  module: v.optional(v.picklist(MODULES, `must be one of ${MODULES.join(', ')}`), 'sys-wallets'),
});

export const SdkAnswerSchema = v.object({
  version: v.literal('v1'),
  /** pay.js, the script tag merchants include. */
  url: v.string(),
  /** Its Subresource Integrity hash, for the script tag's integrity attribute. */
  integrity: v.pipe(v.string(), v.regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/)),
  /** The same SDK as an ES module, for bundlers. */
  esm_url: v.string(),
});

export const CountryAnswerSchema = v.object({ country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)) });

/** The configuration example of the reference: the seeded Verdant Exchange provider's shape, as every test reads it. */
const EXAMPLE_WHITELABEL: WhiteLabel = { ...testWhiteLabel(), module: 'sys-wallets' };

export const healthz = endpoint({
  id: 'platform.healthz',
  method: 'GET',
  base: 'root',
  path: 'healthz',
  caller: 'public',
  answer: HealthAnswerSchema,
  format: 'raw',
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'Whether this instance can serve: 200 when its database answers, 503 when it does not; and whether the chain watchers keep up.',
    description: 'Answered as it is, without the envelope, for load balancers. Concurrent probes share one database check. `chains` is `degraded` when a node does not answer or a watcher is more than 6 blocks behind; that alone never answers 503. With the console\'s session of an admin, finance or support operator the answer adds `chain_details`, each watcher as `GET /v1/admin/chains` lists it.',
    errors: [],
    example: { answer: { status: 'ok', db: 'ok', chains: 'ok' } },
  },
});

export const getConfig = endpoint({
  id: 'platform.config',
  method: 'GET',
  base: 'main',
  path: 'config',
  caller: 'public',
  query: ConfigQuerySchema,
  answer: WhiteLabelSchema,
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'The white-label configuration of the provider this address belongs to, for one module (spec §1).',
    description: 'The page shell embeds the same answer; this serves API clients and apps that refresh it. Cached privately for 60 seconds.',
    errors: ['provider_not_found', 'provider_not_configured'],
    example: { query: { module: 'sys-wallets' }, answer: EXAMPLE_WHITELABEL },
  },
});

export const getSdk = endpoint({
  id: 'platform.sdk',
  method: 'GET',
  base: 'main',
  path: 'sdk',
  caller: 'public',
  answer: SdkAnswerSchema,
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'Where the merchant SDK (pay.js) lives and its integrity hash, to write its script tag.',
    errors: ['service_unavailable'],
    example: {
      answer: {
        version: 'v1',
        url: 'https://pay.example.com/sdk/v1/pay.js',
        integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
        esm_url: 'https://pay.example.com/sdk/pay.mjs',
      },
    },
  },
});

export const getCountry = endpoint({
  id: 'platform.country',
  method: 'GET',
  base: 'main',
  path: 'geo/country',
  caller: 'public',
  answer: CountryAnswerSchema,
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'The caller\'s country as the edge in front of the platform sees it (GB when it cannot tell).',
    errors: [],
    example: { answer: { country: 'GB' } },
  },
});

export const PLATFORM_ENDPOINTS = [healthz, getConfig, getSdk, getCountry];
