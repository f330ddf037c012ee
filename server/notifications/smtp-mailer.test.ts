// The SMTP path end to end: nodemailer talks to a minimal SMTP server on a local port, which keeps
// what it received, so the test sees the envelope and the message as a mail server would.

import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpServer(received: Received[]): Server {
  return createServer((socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') (current.from = line), socket.write('250 OK\r\n');
        else if (verb === 'RCPT') current.to.push(line), socket.write('250 OK\r\n');
        else if (verb === 'DATA') (inData = true), socket.write('354 go on\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
}

describe('SmtpMailer', () => {
  const received: Received[] = [];
  const server = smtpServer(received);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the message through the SMTP server of SMTP_URL, from MAIL_FROM', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Verdant <no-reply@verdant.example>');
    await mailer.send({ providerId: 1n, to: 'member@demo.test', subject: 'Your code', text: 'Enter 123456', html: '<p>Enter 123456</p>' });
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toContain('no-reply@verdant.example');
    expect(received[0]?.to.join()).toContain('member@demo.test');
    expect(received[0]?.data).toContain('Subject: Your code');
    expect(received[0]?.data).toContain('Enter 123456');
  });

  it('a server that cannot be reached is an error for the caller, not a silent loss', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000', 'no-reply@verdant.example');
    await expect(mailer.send({ providerId: 1n, to: 'a@b.test', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});
