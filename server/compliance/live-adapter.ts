// A hosted KYC provider in live mode (MODE=live): what we send it (an applicant, their documents) and what
// it sends back (its decision, on a signed webhook). Test mode never uses this: the test provider decides
// at once (test-provider-run.ts) and the webhook path is not registered, so it answers 404.
//
// The webhook is verified before anything is read from it: HMAC-SHA256 of `<timestamp>.<raw body>` under
// KYC_WEBHOOK_SECRET, sent as `KYC-Signature: t=<unix seconds>,v1=<hex>` (the scheme Stripe and most
// hosted providers use; an adapter for one with another header maps it here), compared in constant time,
// and refused when older than five minutes so a captured call cannot be replayed later.
//
// Variables (all required together in live mode): KYC_PROVIDER (the name in the webhook path),
// KYC_API_URL, KYC_API_KEY, KYC_WEBHOOK_SECRET.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { REJECTION_REASONS, type RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { apiError } from '../http/api-error.ts';
import { applyDecision, type KycDecision } from './decide.ts';

export const KYC_SIGNATURE_HEADER = 'kyc-signature';
export const WEBHOOK_TOLERANCE_S = 300;

export interface LiveKycSettings {
  provider: string;
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
}

/** The live provider's settings from the environment, or the names of the variables missing. */
export function liveKycSettings(source: Readonly<Record<string, string | undefined>>): { ok: true; settings: LiveKycSettings } | { ok: false; missing: string[] } {
  const names = ['KYC_PROVIDER', 'KYC_API_URL', 'KYC_API_KEY', 'KYC_WEBHOOK_SECRET'] as const;
  const missing = names.filter((name) => !source[name]);
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    settings: { provider: source.KYC_PROVIDER!, apiUrl: source.KYC_API_URL!, apiKey: source.KYC_API_KEY!, webhookSecret: source.KYC_WEBHOOK_SECRET! },
  };
}

/** What an adapter for a hosted provider implements; submit.ts hands it the application in live mode. */
export interface LiveKycProvider {
  /** Creates the applicant at the provider; answers its id, kept as kyc_applications.provider_applicant_id. */
  createApplicant(applicant: { externalId: string; firstName: string; lastName: string; dateOfBirth: string; country: string }): Promise<{ applicantId: string }>;
  /** Sends one photo (the plaintext, opened from its box only for this call). */
  addDocument(applicantId: string, document: { kind: string; side: string; contentType: string; bytes: Uint8Array }): Promise<void>;
  /** Asks for the check; the decision comes later on the webhook. */
  requestCheck(applicantId: string): Promise<void>;
}

/**
 * A hosted provider spoken to over HTTPS with its API key: POST {KYC_API_URL}/applicants, then
 * /applicants/{id}/documents (the photo as base64) and /applicants/{id}/checks. A provider with another API
 * gets its own adapter implementing LiveKycProvider; this one is the shape most of them share.
 */
export function httpKycProvider(settings: Pick<LiveKycSettings, 'apiUrl' | 'apiKey'>, fetchImpl: typeof fetch = fetch): LiveKycProvider {
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetchImpl(`${settings.apiUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`KYC provider: POST ${path} answered ${response.status}`);
    return response.status === 204 ? null : response.json();
  };
  return {
    async createApplicant(applicant) {
      const answer = (await post('/applicants', applicant)) as { id?: unknown };
      if (typeof answer?.id !== 'string' || answer.id.length === 0 || answer.id.length > 100) throw new Error('KYC provider: the applicant answer has no id');
      return { applicantId: answer.id };
    },
    async addDocument(applicantId, document) {
      await post(`/applicants/${encodeURIComponent(applicantId)}/documents`, { kind: document.kind, side: document.side, content_type: document.contentType, data: Buffer.from(document.bytes).toString('base64') });
    },
    async requestCheck(applicantId) {
      await post(`/applicants/${encodeURIComponent(applicantId)}/checks`, {});
    },
  };
}

export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; why: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifyWebhookSignature(secret: string, header: string | undefined, rawBody: string, nowS: number): SignatureCheck {
  if (!header) return { ok: false, why: 'missing' };
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, why: 'malformed' };
  if (Math.abs(nowS - timestamp) > WEBHOOK_TOLERANCE_S) return { ok: false, why: 'stale' };
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? { ok: true } : { ok: false, why: 'mismatch' };
}

/** The provider's decision, as its adapter maps it to ours. */
export const WebhookDecisionSchema = v.object({
  applicant_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  decision: v.picklist(['approved', 'rejected', 'review']),
  reasons: v.optional(v.array(v.picklist(Object.keys(REJECTION_REASONS) as RejectionReasonCode[])), []),
});

export interface WebhookRouteOptions {
  settings: Pick<LiveKycSettings, 'provider' | 'webhookSecret'>;
  now?: () => number;
}

/**
 * POST /v1/compliance/webhook/{provider}: registered only in live mode (server/app.ts), in its own
 * encapsulated plugin whose JSON parser keeps the raw text, because the signature is over the bytes sent.
 */
export async function kycWebhookRoutes(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post<{ Params: { provider: string }; Body: string }>('/v1/compliance/webhook/:provider', async (request, reply) => {
    if (request.params.provider !== options.settings.provider) throw apiError('not_found');
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers[KYC_SIGNATURE_HEADER];
    const checked = verifyWebhookSignature(options.settings.webhookSecret, Array.isArray(header) ? header[0] : header, raw, now());
    if (!checked.ok) throw apiError('unauthorized', `The webhook signature is ${checked.why}.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw apiError('validation_failed', 'The webhook body is not JSON.');
    }
    const event = v.safeParse(WebhookDecisionSchema, parsed);
    if (!event.success) throw apiError('validation_failed', 'The webhook body is not a decision we know.');
    const { applicant_id: applicantId, decision, reasons } = event.output;
    const found = await app.db.transaction().execute(async (trx) => {
      const application = await trx.selectFrom('kyc_applications').selectAll().where('provider_applicant_id', '=', applicantId).forUpdate().executeTakeFirst();
      // Only a submission waiting for the provider takes its decision: a replayed or late call changes nothing.
      if (!application || application.state !== 'pending') return application !== undefined;
      const ours: KycDecision = decision === 'rejected' ? { decision: 'rejected', reasons } : { decision };
      await applyDecision(trx, application, ours, { operatorId: null, providerDecision: decision });
      return true;
    });
    if (!found) throw apiError('not_found');
    return reply.code(204).send();
  });
}
