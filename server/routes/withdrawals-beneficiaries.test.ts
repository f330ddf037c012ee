import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { call } from '../identity/session-test-kit.ts';
import { newMember, send } from '../money/deposits/member-test-kit.ts';

const ACCOUNT = { name: 'Ana Test', bank_name: 'Commerzbank', iban: 'de89 3704 0044 0532 0130 00', swift: 'cobadeffxxx', currency: 'EUR' };

describe.each(testDatabases())('beneficiaries on $name', ({ name }) => {
  const t = useTestApp(name);

  it('an added bank account is listed with its IBAN masked; adding it again answers the same one', async () => {
    const member = await newMember(t.app);
    const first = await send(t.app, member, 'POST', '/v1/users/addBeneficiary', ACCOUNT);
    expect(first.status).toBe(200);
    const beneficiary = first.body.request_details.beneficiary;
    expect(beneficiary).toEqual({ id: expect.stringMatching(/^ben_/), name: 'Ana Test', bank_name: 'Commerzbank', iban: 'DE89 •••• 3000', swift: 'COBADEFFXXX', currency: 'EUR' });
    const again = await send(t.app, member, 'POST', '/v1/users/addBeneficiary', { ...ACCOUNT, iban: 'DE89370400440532013000' });
    expect(again.body.request_details.beneficiary.id).toBe(beneficiary.id);
    const list = await send(t.app, member, 'GET', '/v1/users/getUserBeneficiaries');
    expect(list.body.request_details).toEqual({ beneficiaries: [beneficiary] });
    expect(JSON.stringify(list.body)).not.toContain('370400440532');
  });

  it('an IBAN whose check digits do not match is refused on the iban field', async () => {
    const member = await newMember(t.app);
    const answer = await send(t.app, member, 'POST', '/v1/users/addBeneficiary', { ...ACCOUNT, iban: 'DE89370400440532013001' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toMatchObject({ code: 'validation_failed', fields: { iban: [expect.stringContaining('check digits')] } });
  });

  it("a member sees only their own bank accounts, and nobody's without a session", async () => {
    const owner = await newMember(t.app);
    const other = await newMember(t.app);
    await send(t.app, owner, 'POST', '/v1/users/addBeneficiary', ACCOUNT);
    expect((await send(t.app, other, 'GET', '/v1/users/getUserBeneficiaries')).body.request_details.beneficiaries).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/users/getUserBeneficiaries')).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/users/getUserCards')).status).toBe(401);
  });
});
