// How the platform sends mail, behind a small interface so the code and reset services never know
// which transport runs: in MODE=test the dev outbox (outbox.ts), with SMTP_URL set nodemailer
// (smtp-mailer.ts). SMS has the same shape in sms-gateway.ts.

export interface OutgoingEmail {
  /** The provider the message is branded for (NULL only for platform mail, which has none yet). */
  providerId: bigint | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
}
