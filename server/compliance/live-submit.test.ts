import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { fillApplication, kycMember } from './compliance-test-kit.ts';
import { documentBoxFor } from './document-box.ts';
import { httpKycProvider } from './live-adapter.ts';
import { sendToProvider } from './live-submit.ts';
import { submitApplication } from './submit.ts';

/** A hosted provider's API as it is spoken to over HTTP: records each call, answers an applicant id. */
function providerServer() {
  const calls: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
  const read = (request: IncomingMessage) => new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
  const server: Server = createServer(async (request, response) => {
    calls.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse((await read(request)) || '{}') as Record<string, unknown> });
    if (request.url === '/v1/applicants') {
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'appl_42' }));
    } else if (request.url?.startsWith('/v1/applicants/broken')) {
      response.writeHead(500).end();
    } else {
      response.writeHead(204).end();
    }
  });
  return { calls, server };
}

describe.each(testDatabases())('a live submission handed to the hosted provider on $name', ({ name }) => {
  const t = useTestApp(name);
  const provider = providerServer();
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.server.close(() => resolve())));

  it('creates the applicant, sends each photo and asks for the check; the application keeps the applicant id and stays pending', async () => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'TEST-APPROVED' });
    // Live mode: no test provider; the submission waits for the provider.
    expect(await submitApplication(t.database.db, member, 'live')).toEqual({ ok: true });
    const box = documentBoxFor({ APP_SECRET: undefined, MODE: 'test' });
    provider.calls.length = 0;
    await sendToProvider(t.database.db, box, httpKycProvider({ apiUrl: url, apiKey: 'kyc_live_key' }), member);
    expect(provider.calls.map((call) => call.path)).toEqual(['/v1/applicants', '/v1/applicants/appl_42/documents', '/v1/applicants/appl_42/documents', '/v1/applicants/appl_42/documents', '/v1/applicants/appl_42/checks']);
    expect(provider.calls.every((call) => call.authorization === 'Bearer kyc_live_key')).toBe(true);
    expect(provider.calls[0]?.body).toMatchObject({ externalId: `member-${member.userId}`, firstName: 'Clara', lastName: 'Ruiz', dateOfBirth: '1990-04-23', country: 'ES' });
    // The photo sent is the stored (stripped) PNG, opened from its box.
    const sent = Buffer.from(String(provider.calls[1]?.body.data), 'base64');
    expect(sent.subarray(1, 4).toString()).toBe('PNG');
    const application = await t.database.db.selectFrom('kyc_applications').select(['state', 'provider_applicant_id']).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application).toEqual({ state: 'pending', provider_applicant_id: 'appl_42' });
  });

  it('a provider that fails is an error for the caller, which leaves the application pending', async () => {
    const member = await kycMember(t.app);
    await fillApplication(t.app, member, { documentNumber: 'X1' });
    await submitApplication(t.database.db, member, 'live');
    const box = documentBoxFor({ APP_SECRET: undefined, MODE: 'test' });
    await expect(sendToProvider(t.database.db, box, httpKycProvider({ apiUrl: `${url}/applicants/broken`, apiKey: 'k' }), member)).rejects.toThrow('answered 500');
    const application = await t.database.db.selectFrom('kyc_applications').select('state').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    expect(application.state).toBe('pending');
  });
});
