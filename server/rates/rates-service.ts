// The rates service behind `app.rates`: the member's prices per provider and the fee
// schedule. Every answer is a value, { ok: false, code } on failure, so a route or another service
// (quotes, balances and conversions) decides what to answer.

import type { Kysely } from 'kysely';
import { ASSETS, type Asset, type RateKey } from '#core/assets.ts';
import { OPERATIONS, type FeesAnswer, type Operation, type OperationFee } from '#core/contract/rates.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import { allClientRates, clientRate, midRate } from './client-rates.ts';
import type { Pricing } from './default-pricing.ts';
import type { FeedFailure, FeedSource, RateFeed } from './feed.ts';
import { loadPricing } from './pricing.ts';

export interface RatesServiceOptions {
  feed: RateFeed;
  db: Kysely<Database>;
  /** Seconds a quote holds its price (env QUOTE_TTL_S). */
  quoteTtlS: number;
  now?: () => Date;
  /** Told about upstream failures, which a member only sees as rates_unavailable. */
  onFeedFailure?: (failure: FeedFailure) => void;
  /** How long a provider's pricing is reused (default 5000 ms; 0: read every time). */
  pricingTtlMs?: number;
}

/** Pricing rows change only by the seed at start or an operator's SQL, so a few seconds' reuse is safe. */
const DEFAULT_PRICING_TTL_MS = 5_000;

export type RatesFailure = { ok: false; code: 'rates_unavailable' };
export type ClientRatesResult = { ok: true; rates: Record<RateKey, string>; asOf: Date; source: FeedSource } | RatesFailure;
export type RateResult = { ok: true; rate: string; asOf: Date; source: FeedSource } | RatesFailure;

export class RatesService {
  readonly feed: RateFeed;
  readonly quoteTtlS: number;
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #onFeedFailure: (failure: FeedFailure) => void;
  readonly #pricingTtlMs: number;
  readonly #pricing = new Map<bigint, { readAt: number; pricing: Promise<Pricing> }>();

  constructor(options: RatesServiceOptions) {
    this.feed = options.feed;
    this.quoteTtlS = options.quoteTtlS;
    this.#db = options.db;
    this.#now = options.now ?? (() => new Date());
    this.#onFeedFailure = options.onFeedFailure ?? (() => {});
    this.#pricingTtlMs = options.pricingTtlMs ?? DEFAULT_PRICING_TTL_MS;
  }

  get source(): FeedSource {
    return this.feed.source;
  }

  now(): Date {
    return this.#now();
  }

  /**
   * The provider's pricing, read at most once per pricingTtlMs (every price answer needs its spread: two
   * queries each time otherwise). Concurrent callers share one read; a failed read is not kept.
   */
  pricing(providerId: bigint): Promise<Pricing> {
    if (this.#pricingTtlMs <= 0) return loadPricing(this.#db, providerId);
    const now = Date.now();
    const kept = this.#pricing.get(providerId);
    if (kept && now - kept.readAt < this.#pricingTtlMs) return kept.pricing;
    const pricing = loadPricing(this.#db, providerId);
    this.#pricing.set(providerId, { readAt: now, pricing });
    pricing.catch(() => {
      if (this.#pricing.get(providerId)?.pricing === pricing) this.#pricing.delete(providerId);
    });
    return pricing;
  }

  /** Every pair at the member's price for this provider. */
  async clientRates(providerId: bigint): Promise<ClientRatesResult> {
    const [latest, pricing] = await Promise.all([this.feed.latest(this.#now()), this.pricing(providerId)]);
    if (!latest.ok) return this.#failed(latest);
    return { ok: true, rates: allClientRates(latest.snapshot.usd, pricing.spreadBps), asOf: latest.snapshot.asOf, source: latest.snapshot.source };
  }

  /** One pair at the member's price; `spreadBps` saves a pricing read when the caller has it. */
  async rate(providerId: bigint, from: Asset, to: Asset, spreadBps?: number): Promise<RateResult> {
    if (from === to) return { ok: true, rate: '1', asOf: this.#now(), source: this.feed.source };
    const [latest, spread] = await Promise.all([this.feed.latest(this.#now()), spreadBps ?? this.pricing(providerId).then((pricing) => pricing.spreadBps)]);
    if (!latest.ok) return this.#failed(latest);
    return { ok: true, rate: clientRate(latest.snapshot.usd, from, to, spread), asOf: latest.snapshot.asOf, source: latest.snapshot.source };
  }

  /** The market's mid rate now, no spread (valuing balances; not a price anyone trades at). Same for every provider today. */
  async mid(_providerId: bigint, from: Asset, to: Asset): Promise<RateResult> {
    if (from === to) return { ok: true, rate: '1', asOf: this.#now(), source: this.feed.source };
    const latest = await this.feed.latest(this.#now());
    if (!latest.ok) return this.#failed(latest);
    return { ok: true, rate: midRate(latest.snapshot.usd, from, to), asOf: latest.snapshot.asOf, source: latest.snapshot.source };
  }

  /** The provider's fee schedule (GET /transactions/getFees): fees, and limits per kind of movement. */
  async fees(providerId: bigint): Promise<FeesAnswer> {
    return feesAnswer(await this.pricing(providerId));
  }

  #failed(failure: FeedFailure): RatesFailure {
    this.#onFeedFailure(failure);
    return { ok: false, code: 'rates_unavailable' };
  }
}

export function feesAnswer(pricing: Pricing): FeesAnswer {
  const conversion = Object.fromEntries(OPERATIONS.map((operation) => [operation, { percent: pricing.conversionFeePercent[operation] }])) as Record<Operation, OperationFee>;
  const withdrawal: FeesAnswer['withdrawal'] = {};
  const byKind: FeesAnswer['limits_by_kind'] = { conversion: {}, deposit: {}, withdrawal: {} };
  for (const asset of ASSETS) {
    const entry = pricing.assets[asset];
    withdrawal[asset] = formatMinor(entry.withdrawalFeeMinor, asset);
    for (const kind of ['conversion', 'deposit', 'withdrawal'] as const) {
      const limit = entry.limits[kind];
      byKind[kind][asset] = { minimum: formatMinor(limit.minimumMinor, asset), maximum: formatMinor(limit.maximumMinor, asset) };
    }
  }
  return { conversion, withdrawal, deposit_card_percent: pricing.cardDepositPercent, limits: byKind.conversion, limits_by_kind: byKind };
}
