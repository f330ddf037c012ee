// How the platform sends SMS. Test mode writes every SMS to the dev outbox (OutboxSms in
// outbox.ts). A live gateway would be an HTTP API reading SMS_API_URL, SMS_API_KEY and
// SMS_SENDER_ID (server/live-adapters.ts); this build ships none, so MODE=live refuses to start.

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
