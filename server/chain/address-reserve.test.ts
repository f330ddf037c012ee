// The address reserve (address-reserve.ts): addresses derived ahead of time from indexes drawn from the
// family's sequence. Under concurrency no address or index is handed out twice, each address is the one its
// index derives to, the queue refills below its low-water mark, and a restart (a new reserve on the same
// database) skips what the old one still held instead of handing it out again.

import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { AddressReserve, RESERVE_BATCH, RESERVE_LOW_WATER } from './address-reserve.ts';
import { chainKeys, walletAddressRecord } from './addresses.ts';
import { deriveAddress } from './hd-keys.ts';

async function until(what: string, probe: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDatabases())('the address reserve on $name', ({ name }) => {
  const t = useTestApp(name);

  it('many takes at once hand out distinct addresses, each the one its index derives to', async () => {
    const reserve = new AddressReserve(t.app.db);
    const taken = await Promise.all(Array.from({ length: 3 * RESERVE_BATCH + 5 }, () => reserve.take('bitcoin')));
    expect(new Set(taken.map((a) => a.address)).size).toBe(taken.length);
    expect(new Set(taken.map((a) => a.index)).size).toBe(taken.length);
    for (const address of taken) expect(address.address).toBe(deriveAddress(chainKeys(), 'bitcoin', address.index));
  });

  it('refills in the background once the queue falls below its low-water mark', async () => {
    const reserve = new AddressReserve(t.app.db);
    await reserve.take('litecoin');
    expect(reserve.queued('litecoin')).toBe(RESERVE_BATCH - 1);
    for (let n = reserve.queued('litecoin'); n >= RESERVE_LOW_WATER; n -= 1) await reserve.take('litecoin');
    // The take that crossed the mark started a refill without waiting for it.
    await until('the refill', () => reserve.queued('litecoin') >= RESERVE_BATCH);
  });

  it('a restart skips the indexes the old reserve still held, and wallets drawing from the same sequence never collide', async () => {
    const before = new AddressReserve(t.app.db);
    const first = await before.take('ethereum');
    const held = before.queued('ethereum');
    expect(held).toBeGreaterThan(0);
    const member = await t.app.db.selectFrom('users').select(['id', 'provider_id']).where('email', '=', t.seed!.member.email).executeTakeFirstOrThrow();
    const wallet = await walletAddressRecord(t.app.db, { providerId: member.provider_id, userId: member.id, asset: 'ETH' });
    const after = new AddressReserve(t.app.db);
    const next = await after.take('ethereum');
    expect(next.index).toBeGreaterThan(first.index + held);
    expect(next.address).not.toBe(wallet.address);
    const stored = await t.app.db.selectFrom('chain_addresses').select('derivation_index').where('address', '=', wallet.address).executeTakeFirstOrThrow();
    expect(Number(stored.derivation_index)).not.toBe(next.index);
  });
});
