/**
 * queueEmail: render the template of a type for one receiver and record it in email_outbox, inside the caller's
 * transaction (so an email exists exactly when the change that caused it committed). Delivery happens after
 * commit (outbox-flusher.ts).
 */
import { eq } from 'drizzle-orm';
import type { EmailTemplateType } from '../../../shared/enums.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { emailOutbox, emailTemplates } from '../../db/schema.js';
import { emailHtml, emailText } from '../../../shared/email-render.js';
import { recipientProblem } from './recipient.js';

/** Set by buildApp: the address put in {{link}}. Module-level so services need not thread config through. */
let publicUrl = 'http://localhost:3000';
export function configureMail(config: Pick<Config, 'publicUrl'>): void {
  publicUrl = config.publicUrl;
}

/** An address in the app (e.g. an invitation link), on the same base as {{link}}. */
export function publicLink(path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

export interface QueueEmailInput {
  type: EmailTemplateType;
  to: { name: string; email: string };
  vars?: Record<string, string>;
}

/** The email queueEmail would record (subject and HTML body), or null without a template: also for previews. */
export async function renderEmail(tx: Db | Tx, input: QueueEmailInput): Promise<{ subject: string; body: string } | null> {
  const [tpl] = await tx.select().from(emailTemplates).where(eq(emailTemplates.type, input.type));
  if (!tpl) return null;
  const vars = { link: publicUrl, ...input.vars, name: input.to.name, email: input.to.email };
  // The same renderer as the editor's preview (src/shared/email-render.ts).
  return { subject: emailText(tpl.subject, vars, true), body: emailHtml(tpl.email, vars) };
}

export async function queueEmail(tx: Db | Tx, input: QueueEmailInput): Promise<string | null> {
  const mail = await renderEmail(tx, input);
  if (!mail) return null; // base seed always creates the four types; a missing one is not worth failing a write
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: input.to.email,
      subject: mail.subject,
      body: mail.body,
      templateType: input.type,
      // An address that could smuggle in other recipients is recorded as failed and never sent.
      error: recipientProblem(input.to.email),
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** queueEmail for many receivers of one template (an import): the template read once, a statement per thousand. */
export async function queueEmails(tx: Db | Tx, type: EmailTemplateType, receivers: readonly { name: string; email: string; vars?: Record<string, string> }[]): Promise<void> {
  const [tpl] = await tx.select().from(emailTemplates).where(eq(emailTemplates.type, type));
  if (!tpl || receivers.length === 0) return;
  for (let i = 0; i < receivers.length; i += 1000) {
    const rows = receivers.slice(i, i + 1000).map((r) => {
      const vars = { link: publicUrl, ...r.vars, name: r.name, email: r.email };
      return { to: r.email, subject: emailText(tpl.subject, vars, true), body: emailHtml(tpl.email, vars), templateType: type, error: recipientProblem(r.email) };
    });
    await tx.insert(emailOutbox).values(rows);
  }
}
