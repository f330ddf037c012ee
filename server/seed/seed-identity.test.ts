import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER, DEMO_MERCHANT, seed } from './seed.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('identity seed on $name', ({ name }) => {
  const t = useTestApp(name);

  it('the demo member and merchant are ready to sign in: token, verified email and mobile, complete address', async () => {
    const rows = await t.database.db
      .selectFrom('users')
      .select(['email', 'user_token', 'email_verified', 'mobile_verified', 'date_of_birth', 'billing', 'compliance_status', 'otp_login'])
      .where('email', 'in', [DEMO_MEMBER.email, DEMO_MERCHANT.email])
      .orderBy('email')
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.user_token).toMatch(/^usr_[A-Za-z0-9_-]{22}$/);
      expect(row).toMatchObject({ email_verified: true, mobile_verified: true, otp_login: 0 });
      expect(row.date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.billing).toMatchObject({ address1: expect.any(String), city: expect.any(String), country: 'GB', zipCode: expect.any(String) });
    }
    expect(rows.find((row) => row.email === DEMO_MERCHANT.email)?.compliance_status).toBe('successful');
    expect(rows.find((row) => row.email === DEMO_MEMBER.email)?.compliance_status).toBe('pending');
    expect(rows[0]?.user_token).not.toBe(rows[1]?.user_token);
  });

  it('wl_id 2 expires passwords after 180 days; wl_id 1 never does', async () => {
    const providers = await t.database.db.selectFrom('providers').select(['wl_id', 'password_max_age_days']).orderBy('wl_id').execute();
    expect(providers).toEqual([
      { wl_id: '1', password_max_age_days: null },
      { wl_id: '2', password_max_age_days: 180 },
    ]);
  });
});

describe.each(testDatabases())('identity seed over older data on $name', ({ name }) => {
  const t = useTestApp(name);

  it('completes a demo user left at the migration defaults, and leaves one the user changed alone', async () => {
    await t.database.db.updateTable('users').set({ email_verified: false, mobile_verified: false, date_of_birth: '', billing: '{}', compliance_status: 'pending' }).where('email', '=', DEMO_MEMBER.email).execute();
    await t.database.db.updateTable('users').set({ mobile_verified: false }).where('email', '=', DEMO_MERCHANT.email).execute();
    await seed(t.database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const rows = await t.database.db.selectFrom('users').select(['email', 'email_verified', 'mobile_verified']).where('email', 'in', [DEMO_MEMBER.email, DEMO_MERCHANT.email]).orderBy('email').execute();
    expect(rows).toEqual([
      { email: DEMO_MEMBER.email, email_verified: true, mobile_verified: true },
      { email: DEMO_MERCHANT.email, email_verified: true, mobile_verified: false },
    ]);
  });
});
