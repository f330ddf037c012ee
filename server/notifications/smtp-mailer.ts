// Mail through an SMTP server (nodemailer), used when SMTP_URL is set. nodemailer is imported on
// first use only, so a test-mode server never loads it.

import type { Mailer, OutgoingEmail } from './mailer.ts';

interface Transport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export class SmtpMailer implements Mailer {
  readonly #url: string;
  readonly #from: string;
  #transport: Promise<Transport> | undefined;

  constructor(url: string, from: string) {
    this.#url = url;
    this.#from = from;
  }

  async send(message: OutgoingEmail): Promise<void> {
    const transport = await (this.#transport ??= this.#open());
    await transport.sendMail({ from: this.#from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  async #open(): Promise<Transport> {
    try {
      const nodemailer = await import('nodemailer');
      return nodemailer.createTransport(this.#url);
    } catch (error) {
      // A failed open is not kept, so the next message retries.
      this.#transport = undefined;
      throw error;
    }
  }
}
