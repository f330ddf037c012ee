// Every message is signed by the provider the recipient belongs to, never by the platform:
// label_name in the subject, company_name and support_email in the footer.

import * as v from 'valibot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface Brand {
  label_name: string;
  company_name: string;
  support_email: string;
}

const StoredBrandSchema = v.object({
  configuration: v.object({ label_name: v.string(), company_name: v.string(), support_email: v.string() }),
});

/** The provider's brand from its stored settings; a provider without settings signs with its name. */
export async function brandFor(db: Kysely<Database>, providerId: bigint): Promise<Brand> {
  const row = await db.selectFrom('providers').select(['name', 'settings']).where('id', '=', providerId).executeTakeFirst();
  const parsed = v.safeParse(StoredBrandSchema, row?.settings);
  if (parsed.success) {
    const { label_name, company_name, support_email } = parsed.output.configuration;
    return { label_name, company_name, support_email };
  }
  const name = row?.name ?? 'Support';
  return { label_name: name, company_name: name, support_email: '' };
}
