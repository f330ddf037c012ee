// The provider's white-label configuration (spec §1) as the console edits it: read the stored settings,
// and save new ones after core's schema accepted them (core/whitelabel.ts, the same schema the
// configuration endpoint and the apps check), returning before and after for the audit row of the same
// transaction. The provider directory's cache is cleared by the route once the transaction committed.

import * as v from 'valibot';
import { ProviderSettingsSchema, type ProviderSettings } from '#core/whitelabel.ts';
import type { Db } from '../db/db.ts';
import { toJsonb } from '../db/jsonb.ts';

/** The stored settings, or null when the provider has none yet (or they fail today's schema). */
export async function readProviderSettings(db: Db, providerId: bigint): Promise<ProviderSettings | null> {
  const row = await db.selectFrom('providers').select('settings').where('id', '=', providerId).executeTakeFirstOrThrow();
  const parsed = v.safeParse(ProviderSettingsSchema, row.settings);
  return parsed.success ? parsed.output : null;
}

export interface SettingsChange {
  before: ProviderSettings | null;
  after: ProviderSettings;
}

/** Saves settings the schema accepted; the provider row is locked so concurrent saves are audited in order. */
export async function saveProviderSettings(trx: Db, providerId: bigint, settings: ProviderSettings): Promise<SettingsChange> {
  const row = await trx.selectFrom('providers').select(['settings', 'wl_id']).where('id', '=', providerId).forUpdate().executeTakeFirstOrThrow();
  const before = v.safeParse(ProviderSettingsSchema, row.settings);
  // The wl_id flag is the provider's identity (spec §6 selects the alternate branding by it), not a
  // setting an edit may change: it is always the provider's own.
  const after: ProviderSettings = { ...settings, permissions: { ...settings.permissions, wl_id: row.wl_id } };
  await trx.updateTable('providers').set({ settings: toJsonb(after) }).where('id', '=', providerId).execute();
  return { before: before.success ? before.output : null, after };
}
