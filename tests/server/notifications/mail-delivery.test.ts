/**
 * Emails through a real SMTP conversation (nodemailer → tests/server/support/smtp-sink.ts): the HTML sent is exactly
 * the shared renderer's output (what the editor previews), user values are escaped, and a recipient that is
 * not one plain address is recorded as failed and never reaches SMTP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, emailTemplates } from '../../../src/server/db/schema.js';
import { createSmtpMailer } from '../../../src/server/services/mail/mailer.js';
import { createOutboxFlusher } from '../../../src/server/services/mail/outbox-flusher.js';
import { queueEmail } from '../../../src/server/services/mail/queue-email.js';
import { REFUSED_RECIPIENT } from '../../../src/server/services/mail/recipient.js';
import { emailHtml } from '../../../src/shared/email-render.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

let t: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp();
});
beforeEach(async () => {
  sink.received.length = 0;
  await t.reset();
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function flusher() {
  const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: 'Observa <no-reply@university.edu>' })!;
  return createOutboxFlusher(t.db, mailer, t.app.log);
}

describe('mail delivery over SMTP', () => {
  it('sends the HTML the editor previews, with user values escaped', async () => {
    const template = 'Dear {{name}},<br>your <b>account</b> {{email}}\nis ready: {{link}}';
    await t.db.update(emailTemplates).set({ email: template }).where(eq(emailTemplates.type, 'CreateUser'));
    const to = { name: 'Eve <img src=x onerror=alert(1)>', email: 'eve@university.edu' };
    await t.db.transaction((tx) => queueEmail(tx, { type: 'CreateUser', to }).then(() => undefined));
    const f = flusher();
    await f.flush();
    await f.stop();

    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to.email));
    const expected = emailHtml(template, { ...to, link: 'http://localhost:3000' });
    expect(row.body).toBe(expected);
    expect(row.body).toContain('Eve &lt;img src=x onerror=alert(1)&gt;');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(sink.received).toHaveLength(1);
    const [msg] = sink.received;
    expect(msg.to).toEqual(['eve@university.edu']);
    const html = msg.data.split(/\r\n\r\n/).slice(1).join('\r\n\r\n');
    expect(decodeQuotedPrintable(html).replace(/\r\n$/, '')).toContain(expected);
  });

  it('refuses recipients with separators, quotes or display names: recorded as failed, never sent', async () => {
    const bad = [
      'a@university.edu, b@evil.test',
      'a@university.edu;b@evil.test',
      '"Dean" <dean@evil.test>',
      'Dean <dean@evil.test>',
      'o"x"@university.edu',
      "o'x@university.edu",
    ];
    await t.db.transaction(async (tx) => {
      for (const email of bad) await queueEmail(tx, { type: 'UpdateObs', to: { name: 'X', email } });
      await queueEmail(tx, { type: 'UpdateObs', to: { name: 'Ok', email: 'ok@university.edu' } });
    });
    // A row written before the check existed (or by other code) is refused at delivery too.
    await t.db.insert(emailOutbox).values({ to: 'c@university.edu,d@evil.test', subject: 's', body: 'b', templateType: 'UpdateObs' });
    const f = flusher();
    await f.flush();
    await f.stop();

    expect(sink.received.map((m) => m.to)).toEqual([['ok@university.edu']]);
    const rows = await t.db.select().from(emailOutbox);
    for (const r of rows.filter((x) => x.to !== 'ok@university.edu')) {
      expect(r.error).toBe(REFUSED_RECIPIENT);
      expect(r.sentAt).toBeNull();
    }
    expect(rows.filter((x) => x.error === REFUSED_RECIPIENT)).toHaveLength(bad.length + 1);
  });

  it('the SMTP mailer itself refuses such an address whoever calls it', async () => {
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: 'no-reply@university.edu' })!;
    await expect(mailer.deliver({ id: 'x', to: 'a@university.edu, b@evil.test', subject: 's', body: 'b' })).rejects.toThrow(REFUSED_RECIPIENT);
    expect(sink.received).toHaveLength(0);
  });
});
