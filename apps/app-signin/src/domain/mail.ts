/**
 * Mail to end users (email verification, password reset, change of address)
 * through nodemailer: SMTP when the deployment sets `SMTP_URL`, otherwise —
 * in development only — an in-memory mailbox served at `GET /dev/mailbox`.
 *
 * Each app has its own sender, subjects and link base (`db auth settings`).
 * A message's link carries a secret token: neither the token nor the link is
 * ever logged (only the message kind and nodemailer's message id are).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '@latchkey/service-kit';

export type MailKind = 'verify-email' | 'reset-password' | 'change-email' | 'email-changed';

/** Per-app settings of the messages (from the registry). */
export interface AppMailSettings {
  /** Sender, e.g. `"Shop <no-reply@shop.example>"`; null: the deployment's default. */
  from: string | null;
  /** Subject per kind; a missing kind gets the default below. */
  subjects: Partial<Record<MailKind, string>>;
}

export const DEFAULT_SUBJECTS: Record<MailKind, string> = {
  'verify-email': 'Verify your email address',
  'reset-password': 'Reset your password',
  'change-email': 'Confirm your new email address',
  'email-changed': 'Your email address was changed',
};

const BODIES: Record<MailKind, { intro: string; action: string; outro: string }> = {
  'verify-email': {
    intro: 'Please confirm that this is your email address.',
    action: 'Verify my email address',
    outro: 'If you did not create an account, ignore this message.',
  },
  'reset-password': {
    intro: 'Someone (hopefully you) asked to reset the password of your account.',
    action: 'Choose a new password',
    outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  'change-email': {
    intro: 'Please confirm that you want to use this address for your account.',
    action: 'Use this address',
    outro: 'If you did not ask for this, ignore this message.',
  },
  'email-changed': {
    intro: 'The email address of your account was changed; this address no longer signs in.',
    action: '',
    outro: "If you did not do this, contact the app's support at once: someone else may control your account.",
  },
};

/** One message as kept by the development mailbox. */
export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  kind: MailKind;
  /** The link of the message (what the user would click); empty for a notice. */
  link: string;
  text: string;
  at: string;
}

export interface MailMessage {
  to: string;
  kind: MailKind;
  /** The action's link ('' for a notice without one, e.g. email-changed). */
  link: string;
  /** A detail line for notices (e.g. the new address). */
  detail?: string;
  /** The app's display name in the body (its id). */
  appName: string;
  /** How long the link works, in minutes (stated in the body). */
  validMinutes: number;
}

const MAILBOX_LIMIT = 500;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Renders a message: plain text and HTML, the link in both. */
export function renderMail(msg: MailMessage, settings: AppMailSettings): { subject: string; text: string; html: string } {
  const b = BODIES[msg.kind];
  const subject = settings.subjects[msg.kind] ?? DEFAULT_SUBJECTS[msg.kind];
  const valid = msg.link ? `The link works once, for ${msg.validMinutes} minutes.` : '';
  const text = [
    `${msg.appName}`,
    '',
    b.intro,
    ...(msg.detail ? [msg.detail] : []),
    '',
    ...(msg.link ? [`${b.action}: ${msg.link}`, ''] : []),
    valid,
    b.outro,
    '',
  ]
    .filter((l, i, a) => !(l === '' && a[i - 1] === ''))
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p><strong>${escapeHtml(msg.appName)}</strong></p>
<p>${escapeHtml(b.intro)}</p>${msg.detail ? `\n<p>${escapeHtml(msg.detail)}</p>` : ''}${msg.link ? `\n<p><a href="${escapeHtml(msg.link)}">${escapeHtml(b.action)}</a></p>` : ''}
<p style="color:#555">${escapeHtml(valid)} ${escapeHtml(b.outro)}</p>
</body></html>`;
  return { subject, text, html };
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…` (nodemailer's connection URL). */
  smtpUrl?: string;
  /** Keep messages in memory (development): used when no SMTP URL is set. */
  devMailbox?: boolean;
  /** Default sender of every app (`MAIL_FROM`). */
  defaultFrom: string;
  logger: Logger;
}

/**
 * Sends the apps' mail. `enabled` is false when neither SMTP nor the
 * development mailbox is configured: the routes that need mail then answer
 * better-auth's "not enabled" errors.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly messages: MailboxMessage[] = [];
  readonly mode: 'smtp' | 'mailbox' | 'off';

  constructor(private readonly opts: MailerOptions) {
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
      this.mode = 'smtp';
    } else if (opts.devMailbox) {
      // nodemailer composes the message as for SMTP; the JSON transport hands it back instead of sending it.
      this.transport = nodemailer.createTransport({ jsonTransport: true });
      this.mode = 'mailbox';
    } else {
      this.transport = null;
      this.mode = 'off';
    }
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /**
   * Sends one message. Errors are logged without the link and rethrown.
   * @throws Error when mail is off or the SMTP server refuses the message.
   */
  async send(msg: MailMessage, settings: AppMailSettings): Promise<void> {
    if (!this.transport) throw new Error('mail is not configured');
    const { subject, text, html } = renderMail(msg, settings);
    const from = settings.from ?? this.opts.defaultFrom;
    try {
      const info = await this.transport.sendMail({ from, to: msg.to, subject, text, html });
      this.opts.logger.info({ kind: msg.kind, messageId: info.messageId }, 'mail sent');
      if (this.mode === 'mailbox') {
        this.messages.push({ id: String(info.messageId), to: msg.to, from, subject, kind: msg.kind, link: msg.link, text, at: new Date().toISOString() });
        if (this.messages.length > MAILBOX_LIMIT) this.messages.splice(0, this.messages.length - MAILBOX_LIMIT);
      }
    } catch (err) {
      this.opts.logger.error({ kind: msg.kind, err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'mail not sent');
      throw err;
    }
  }

  /** The development mailbox, oldest first (empty unless mode is `mailbox`). */
  mailbox(): MailboxMessage[] {
    return this.messages.map((m) => ({ ...m }));
  }
}
