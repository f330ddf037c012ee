// Operators as the money area names them (the maker of a held withdrawal): their name, read from the
// provider's own operators only.

import type { Db } from '../db/db.ts';

export async function operatorLabels(db: Db, providerId: bigint, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'name']).where('provider_id', '=', providerId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
