/** The Mailer: SMTP through nodemailer when SMTP_URL is set; otherwise null (emails are only recorded). */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Mailer } from '../deps.js';
import { recipientProblem } from './recipient.js';

export function createSmtpMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async deliver(mail) {
      // Checked again here: whatever calls the mailer, SMTP only ever sees one plain address.
      const refused = recipientProblem(mail.to);
      if (refused) throw new Error(refused);
      await transport.sendMail({
        from: config.mailFrom,
        to: { name: '', address: mail.to },
        subject: mail.subject,
        html: mail.body,
      });
    },
  };
}

/** Used when no SMTP server is configured: nothing leaves the machine; the outbox row stays as the record. */
export const recordOnlyMailer: Mailer = {
  async deliver() {},
};
