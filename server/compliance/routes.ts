// The member's compliance API (core/contract/compliance.ts) and their own photos. Answers name a person's
// identity details: never kept by a browser or shared cache.
//
// Uploads are base64 in JSON, not a raw image body: every call of the app stays JSON (one parser, the
// typed client, valibot validation, the same error envelope, the refusal of other content types), as the
// widget logo upload does. It costs a third more bytes, so only this route's body limit is raised, to
// DOCUMENT_BODY_LIMIT (an 8 MB photo is 11.2 MB of base64); every other route keeps the 64 kB limit.

import type { FastifyInstance } from 'fastify';
import {
  getCompliance,
  saveComplianceAddress,
  saveCompliancePersonalData,
  submitCompliance,
  uploadComplianceDocument,
} from '#core/contract/compliance.ts';
import { routePath } from '#core/contract/endpoint.ts';
import { route } from '../contract/route.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { requireSession, sessionOf } from '../identity/authenticate.ts';
import type { Env } from '../env.ts';
import { documentBoxFor } from './document-box.ts';
import { readDocument, type Member } from './documents.ts';
import type { StepResult } from './member-steps.ts';
import { saveAddress, savePersonalData, uploadPhoto } from './member-steps.ts';
import { complianceAnswer, readFacts } from './progress.ts';
import { submitApplication } from './submit.ts';
import type { LiveKycProvider } from './live-adapter.ts';
import { sendToProvider } from './live-submit.ts';

/** 12 MB: an 8 MB photo as base64 (11 184 812 characters) and the JSON around it. */
export const DOCUMENT_BODY_LIMIT = 12 * 1024 * 1024;

/** Where a member's own photo is read: GET /v1/compliance/documents/{id}. */
export const OWN_DOCUMENT_PATH = '/v1/compliance/documents/:id';

export interface ComplianceRouteOptions {
  env: Pick<Env, 'APP_SECRET' | 'MODE'>;
  /** Live mode: the hosted provider submissions are handed to (none: they wait as pending for an operator). */
  liveProvider?: LiveKycProvider | undefined;
}

export async function complianceRoutes(app: FastifyInstance, options: ComplianceRouteOptions): Promise<void> {
  const box = documentBoxFor(options.env);
  const mode = options.env.MODE;

  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.url === routePath(uploadComplianceDocument)) routeOptions.bodyLimit = DOCUMENT_BODY_LIMIT;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const memberOf = (session: { userId: bigint; providerId: bigint }): Member => ({ userId: session.userId, providerId: session.providerId });
  const answer = async (member: Member, flow = false) => complianceAnswer(await readFacts(app.db, member), flow ? 'guest-flow' : 'retail', mode);
  const done = async (member: Member, result: StepResult) => {
    if (!result.ok) throw new ApiError(result.error);
    return answer(member);
  };

  route(app, getCompliance, async ({ query, request }) => answer(memberOf(sessionOf(request)), query.is_flow === '1'));

  route(app, saveCompliancePersonalData, async ({ body, request }) => {
    const member = memberOf(sessionOf(request));
    return done(member, await savePersonalData(app.db, member, body));
  });

  route(app, saveComplianceAddress, async ({ body, request }) => {
    const member = memberOf(sessionOf(request));
    return done(member, await saveAddress(app.db, member, body));
  });

  route(app, uploadComplianceDocument, async ({ body, request }) => {
    const member = memberOf(sessionOf(request));
    const bytes = new Uint8Array(Buffer.from(body.image_base64, 'base64'));
    return done(member, await uploadPhoto(app.db, box, member, { step: body.step, side: body.side, bytes }));
  });

  route(app, submitCompliance, async ({ request }) => {
    const member = memberOf(sessionOf(request));
    const submitted = await submitApplication(app.db, member, mode);
    if (submitted.ok && mode === 'live' && options.liveProvider) {
      // Committed first; a provider that cannot be reached leaves it pending for an operator.
      await sendToProvider(app.db, box, options.liveProvider, member).catch((error: unknown) => {
        request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'KYC provider: the submission could not be sent; it waits for an operator');
      });
    }
    return done(member, submitted);
  });

  // The member's own photo, for their thumbnails: a file, not an API answer. Another member's id is not found.
  app.get<{ Params: { id: string } }>(OWN_DOCUMENT_PATH, { preHandler: requireSession }, async (request, reply) => {
    if (!/^[1-9][0-9]{0,18}$/.test(request.params.id)) throw apiError('document_not_found');
    const read = await readDocument(app.db, box, memberOf(sessionOf(request)), BigInt(request.params.id));
    if (!read.ok) throw new ApiError(read.error);
    return reply
      .header('content-type', read.document.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(Buffer.from(read.document.bytes));
  });
}
