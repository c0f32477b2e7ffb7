/**
 * The SMTP path (`SMTP_URL`): nodemailer against a small SMTP server in this
 * test (RFC 5321 commands, no TLS on localhost). The answer to
 * request-password-reset never waits for the mail server (so it cannot tell
 * whether a message was sent), a refused message is logged without its link,
 * and no mailbox is served.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from '@latchkey/service-kit';
import { Browser, startSignin, type Harness, type LiveApp } from './helpers.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server: `hold` keeps the end of DATA unanswered until released; `refuse` answers 550 to RCPT. */
async function smtpServer() {
  const received: Received[] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  const ctl = {
    received,
    refuse: false,
    holdNext() {
      hold = new Promise<void>((r) => (release = r));
    },
    release: () => release(),
    /** Resolves when a message's DATA has arrived (before it is answered). */
    arrived: null as null | ((m: Received) => void),
  };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 test.smtp ESMTP\r\n');
    socket.on('data', async (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          ctl.arrived?.(current);
          if (hold) {
            const h = hold;
            hold = null;
            await h;
          }
          socket.write('250 2.0.0 queued\r\n');
          current = { from: '', to: [], data: '' };
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          if (ctl.refuse) socket.write('550 5.1.1 no such mailbox\r\n');
          else {
            current.to.push(line);
            socket.write('250 2.1.5 ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ...ctl, ctl, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let h: Harness;
let app: LiveApp;
const lines: string[] = [];

beforeAll(async () => {
  smtp = await smtpServer();
  const sink = new Writable({
    write(chunk, _e, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  h = await startSignin(
    { mail: { smtpUrl: smtp.url, devMailbox: false, defaultFrom: 'Deploy <no-reply@deploy.example>' } },
    { logger: pino({ level: 'info' }, sink) as unknown as Logger },
  );
  app = await h.liveApp({ origins: ['https://shop.example'] });
  await h.admin('PUT', `/apps/${app.appId}/auth/settings`, {
    mailFrom: 'Shop <no-reply@shop.example>',
    mailSubjects: { 'reset-password': 'Shop: new password' },
  });
});
afterAll(async () => {
  smtp?.ctl.release();
  await h?.close();
  await smtp?.close();
});

it('sends the reset mail over SMTP with the app sender and subject; the answer does not wait for the server', async () => {
  const b = new Browser(app.base);
  const email = `smtp-${Date.now()}@example.com`;
  await b.post('/sign-up/email', { name: 'S', email, password: 'password-123' });
  smtp.ctl.holdNext();
  const arrived = new Promise<Received>((r) => (smtp.ctl.arrived = r));
  const answer = await b.post('/request-password-reset', { email, redirectTo: 'https://shop.example/reset' });
  expect(answer.body).toEqual({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
  const msg = await arrived; // the server has the message but has not accepted it yet: the answer came first
  smtp.ctl.release();
  await h.signin.idle();
  expect(msg.from).toContain('no-reply@shop.example');
  expect(msg.to.join()).toContain(email);
  expect(msg.data).toMatch(/^From: Shop <no-reply@shop\.example>/m);
  expect(msg.data).toMatch(/^Subject: Shop: new password/m);
  const unfolded = msg.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/[^\s"<>]+reset-password\?token=[A-Za-z0-9_-]{43}[^\s"<>]*/.exec(unfolded)?.[0];
  expect(link).toBeDefined();
  const landing = await fetch(link!.replace(/&amp;/g, '&'), { redirect: 'manual' });
  expect(landing.headers.get('location')).toMatch(/^https:\/\/shop\.example\/reset\?token=/);
  expect((await fetch(`${h.url}/dev/mailbox`)).status).toBe(404);
  const log = lines.join('');
  expect(log).toContain('mail sent');
  expect(log).not.toContain(new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token')!);
});

it('answers the same when the SMTP server refuses the message, and logs the failure without the link', async () => {
  const b = new Browser(app.base);
  const email = `refused-${Date.now()}@example.com`;
  await b.post('/sign-up/email', { name: 'R', email, password: 'password-123' });
  smtp.ctl.refuse = true;
  try {
    const answer = await b.post('/request-password-reset', { email });
    expect(answer.status).toBe(200);
    await h.signin.idle();
  } finally {
    smtp.ctl.refuse = false;
  }
  const failure = lines.filter((l) => l.includes('mail not sent'));
  expect(failure).toHaveLength(1);
  expect(failure[0]).not.toMatch(/token=|reset-password\?/);
});
