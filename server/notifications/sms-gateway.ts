// How the platform sends SMS. Test mode writes every SMS to the dev outbox (OutboxSms in
// outbox.ts). A live gateway would be an HTTP API; this build ships none, so in live mode SMS is
// off (server/capabilities.ts): sending answers sms_unavailable, which the caller shows as it is.

import { apiError } from '../http/api-error.ts';

export interface OutgoingSms {
  /** The provider the message is branded for. */
  providerId: bigint | null;
  /** International format, like +447700900123. */
  to: string;
  text: string;
}

export interface SmsGateway {
  send(message: OutgoingSms): Promise<void>;
}

/** Live mode without a gateway: every send is refused with a clear error, nothing is queued. */
export class UnavailableSms implements SmsGateway {
  async send(): Promise<void> {
    throw apiError('sms_unavailable');
  }
}
