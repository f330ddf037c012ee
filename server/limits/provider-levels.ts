// A provider's levels as code uses them: providers.levels (NULL = the defaults of
// core/compliance/levels-config.ts) checked against LevelsConfigSchema on every read. A stored ladder
// that does not pass is a fault, not a reason to guess: money must not move under limits nobody
// can state, so the operation fails (500) and the log names the provider.

import * as v from 'valibot';
import type { FiatAsset } from '#core/assets.ts';
import { DEFAULT_LEVELS_CONFIG, LevelsConfigSchema } from '#core/compliance/levels-config.ts';
import { levelsOf, type Level } from '#core/compliance/levels.ts';
import type { Db } from '../db/db.ts';

export interface ProviderLevels {
  currency: FiatAsset;
  /** Lowest first. */
  levels: Level[];
}

export async function providerLevels(db: Db, providerId: bigint): Promise<ProviderLevels> {
  const row = await db.selectFrom('providers').select('levels').where('id', '=', providerId).executeTakeFirstOrThrow();
  if (row.levels === null) return { currency: DEFAULT_LEVELS_CONFIG.currency, levels: levelsOf(DEFAULT_LEVELS_CONFIG) };
  const parsed = v.safeParse(LevelsConfigSchema, row.levels);
  if (!parsed.success) throw new Error(`provider ${providerId}: providers.levels does not pass LevelsConfigSchema: ${parsed.issues[0].message}`);
  return { currency: parsed.output.currency, levels: levelsOf(parsed.output) };
}
