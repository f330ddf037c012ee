import { describe, expect, it } from 'vitest';
import { ASSETS, decimalsOf } from '#core/assets.ts';
import { balanceOf } from './accounts.ts';
import { checkLedger } from './check-ledger.ts';
import { capitalTransferId, ensureHouseAccounts, seedHouseCapital, TEST_HOUSE_CAPITAL } from './house-capital.ts';
import { seed } from '../seed/seed.ts';
import { findAccount } from './accounts.ts';
import { LedgerFixture, ledgerTestDatabases, useLedgerDatabase } from './ledger-test-kit.ts';

describe.each(ledgerTestDatabases())('house capital on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  it('funds every asset of a provider from the world once, however often the seed runs', async () => {
    const f = await LedgerFixture.create(database.db);
    await seedHouseCapital(database.db, f.providerId);
    await Promise.all([seedHouseCapital(database.db, f.providerId), seedHouseCapital(database.db, f.providerId)]);
    for (const asset of ASSETS) {
      const { liquidity, fees, world } = await ensureHouseAccounts(database.db, f.providerId, asset);
      const capital = TEST_HOUSE_CAPITAL[asset] * 10n ** BigInt(decimalsOf(asset));
      expect([asset, balanceOf(liquidity).balance, balanceOf(world).balance, balanceOf(fees).balance]).toEqual([asset, capital, capital, 0n]);
    }
    const ids = await database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('id', 'in', ASSETS.map((asset) => capitalTransferId(f.providerId, asset)))
      .execute();
    expect(ids).toHaveLength(ASSETS.length);
    expect(TEST_HOUSE_CAPITAL.BTC).toBe(100n);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });
});

describe.each(ledgerTestDatabases())('the seed on $name', ({ name }) => {
  const database = useLedgerDatabase(name);

  const liquidityBtc = async () => {
    const providers = await database.db.selectFrom('providers').select('id').orderBy('id').execute();
    return Promise.all(providers.map(async ({ id }) => {
      const account = await findAccount(database.db, { providerId: id, owner: { type: 'house' }, asset: 'BTC', kind: 'liquidity' });
      return account ? balanceOf(account).balance : null;
    }));
  };

  it('in live mode funds nothing; in test mode funds every seeded provider, once', async () => {
    await seed(database.handle, { mode: 'live', shopUrl: 'http://127.0.0.1:4182' });
    expect(await liquidityBtc()).toEqual([null, null]);
    await seed(database.handle, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    await seed(database.handle, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    expect(await liquidityBtc()).toEqual([100n * 10n ** 8n, 100n * 10n ** 8n]);
    expect((await checkLedger(database.db)).violations).toEqual([]);
  });
});
