// Which provider a request is for, from its Host header. One small query per host (providers joined
// with provider_hosts), its settings validated once against ProviderSettingsSchema, and the answer
// kept for a few seconds so the configuration endpoint and every page shell cost no query on the
// hot path. The cache is an optimisation only: with ttlMs 0 every lookup goes to the database, and
// a changed provider is seen after at most ttlMs by every server.

import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { ok } from '#core/envelope.ts';
import type { ModuleName } from '#core/modules.ts';
import { ProviderSettingsSchema, type ProviderSettings, type WhiteLabel } from '#core/whitelabel.ts';
import type { Database } from '../db/schema.ts';

export interface ProviderIdentity {
  id: bigint;
  wlId: string;
  name: string;
}

export type ProviderState =
  | { status: 'unknown_host'; host: string }
  /** `reason` says why for the logs: no settings stored yet, or stored settings that fail the schema. */
  | { status: 'not_configured'; host: string; provider: ProviderIdentity; reason: string }
  | { status: 'ready'; host: string; provider: ProviderIdentity; settings: ProviderSettings; whitelabel(module: ModuleName): WhiteLabel; configBody(module: ModuleName): string };

export interface ProviderDirectoryOptions {
  ttlMs: number;
  /** Bounds memory when clients send many made-up Host headers. */
  maxHosts: number;
  /** Called once per load of a provider whose stored settings are corrupt. */
  onInvalidSettings(host: string, provider: ProviderIdentity, problems: string[]): void;
}

interface Entry {
  expiresAt: number;
  state: Promise<ProviderState>;
}

export class ProviderDirectory {
  readonly #db: Kysely<Database>;
  readonly #options: ProviderDirectoryOptions;
  readonly #entries = new Map<string, Entry>();

  constructor(db: Kysely<Database>, options: ProviderDirectoryOptions) {
    this.#db = db;
    this.#options = options;
  }

  /** `host` is the request's host name without port; it is lowercased (and a final dot dropped) here. */
  lookup(host: string): Promise<ProviderState> {
    const key = host.toLowerCase().replace(/\.$/, '');
    if (this.#options.ttlMs <= 0) return this.#load(key);
    const now = Date.now();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.state;
    if (cached) this.#entries.delete(key);
    else if (this.#entries.size >= this.#options.maxHosts) this.#evictOldest();
    // Concurrent requests for one host share the same load; a failed load is not kept.
    const state = this.#load(key);
    this.#entries.set(key, { expiresAt: now + this.#options.ttlMs, state });
    state.catch(() => this.#entries.delete(key));
    return state;
  }

  /** Forget everything, e.g. after an operator edits a provider. */
  clear(): void {
    this.#entries.clear();
  }

  #evictOldest(): void {
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }

  async #load(host: string): Promise<ProviderState> {
    const row = await this.#db
      .selectFrom('provider_hosts')
      .innerJoin('providers', 'providers.id', 'provider_hosts.provider_id')
      .select(['providers.id', 'providers.wl_id', 'providers.name', 'providers.settings'])
      .where('provider_hosts.host', '=', host)
      .executeTakeFirst();
    if (!row) return { status: 'unknown_host', host };
    const provider: ProviderIdentity = { id: row.id, wlId: row.wl_id, name: row.name };
    if (row.settings === null) return { status: 'not_configured', host, provider, reason: 'no settings stored' };
    const parsed = v.safeParse(ProviderSettingsSchema, row.settings);
    if (!parsed.success) {
      const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
      this.#options.onInvalidSettings(host, provider, problems);
      return { status: 'not_configured', host, provider, reason: `stored settings are invalid: ${problems.join('; ')}` };
    }
    return ready(host, provider, parsed.output);
  }
}

function ready(host: string, provider: ProviderIdentity, settings: ProviderSettings): ProviderState {
  // The endpoint's JSON body per module, made once per cache entry: the hot path sends a string.
  const bodies = new Map<ModuleName, string>();
  const whitelabel = (module: ModuleName): WhiteLabel => ({ module, ...settings });
  return {
    status: 'ready',
    host,
    provider,
    settings,
    whitelabel,
    configBody(module) {
      let body = bodies.get(module);
      if (body === undefined) {
        body = JSON.stringify(ok(whitelabel(module)));
        bodies.set(module, body);
      }
      return body;
    },
  };
}
