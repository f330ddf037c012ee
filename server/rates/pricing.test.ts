import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { seed } from '../seed/seed.ts';
import { DEFAULT_PRICING, WL2_PRICING } from './default-pricing.ts';
import { loadPricing } from './pricing.ts';

describe.each(testDatabases())('provider pricing on $name', ({ name }) => {
  it('the seed prices wl1 and wl2 differently, keeps an operator edit on a second run, and an unpriced provider gets the defaults', async () => {
    const database = await openTestDatabase(name);
    try {
      const { db } = database;
      await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
      const id = async (wlId: string) => (await db.selectFrom('providers').select('id').where('wl_id', '=', wlId).executeTakeFirstOrThrow()).id;
      const wl1 = await id('1');
      const wl2 = await id('2');
      expect(await loadPricing(db, wl1)).toEqual(DEFAULT_PRICING);
      expect(await loadPricing(db, wl2)).toEqual(WL2_PRICING);
      expect(WL2_PRICING.spreadBps).not.toBe(DEFAULT_PRICING.spreadBps);

      await db.updateTable('provider_pricing').set({ fee_buy_percent: '0.99' }).where('provider_id', '=', wl1).execute();
      await db.updateTable('provider_asset_pricing').set({ conversion_min_minor: 2_500n }).where('provider_id', '=', wl1).where('asset', '=', 'EUR').execute();
      await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
      const edited = await loadPricing(db, wl1);
      expect(edited.conversionFeePercent.buy).toBe('0.99');
      expect(edited.assets.EUR.limits.conversion.minimumMinor).toBe(2_500n);

      const fresh = await db.insertInto('providers').values({ wl_id: '77', name: 'Unpriced' }).returning('id').executeTakeFirstOrThrow();
      expect(await loadPricing(db, fresh.id)).toEqual(DEFAULT_PRICING);
      const coupons = await db.selectFrom('coupons').select(['provider_id', 'code']).orderBy('code').execute();
      expect(coupons).toEqual([{ provider_id: wl1, code: 'WELCOME10' }, { provider_id: wl2, code: 'WELCOME20' }]);
    } finally {
      await database.close();
    }
  });

  it('the database refuses a limit whose maximum is below its minimum, and a withdrawal minimum that does not cover its fee', async () => {
    const database = await openTestDatabase(name);
    try {
      const { db } = database;
      const provider = await db.insertInto('providers').values({ wl_id: '9', name: 'P' }).returning('id').executeTakeFirstOrThrow();
      const row = { provider_id: provider.id, asset: 'EUR', withdrawal_fee_minor: 100n, conversion_min_minor: 1000n, conversion_max_minor: 2000n, deposit_min_minor: 1000n, deposit_max_minor: 2000n, withdrawal_min_minor: 1000n, withdrawal_max_minor: 2000n };
      await expect(db.insertInto('provider_asset_pricing').values({ ...row, conversion_max_minor: 999n }).execute()).rejects.toThrow(/check/i);
      await expect(db.insertInto('provider_asset_pricing').values({ ...row, withdrawal_min_minor: 100n }).execute()).rejects.toThrow(/check/i);
      await db.insertInto('provider_asset_pricing').values(row).execute();
    } finally {
      await database.close();
    }
  });
});
