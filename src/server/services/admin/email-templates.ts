/**
 * Email templates (GET/PUT /email/{id}). `{id}` is an email template type (CreateUser | InitiateObs |
 * UpdateObs | ObsPrompt) or the template's uuid. Only roles with 'email.edit' (CAPABILITIES) read or change them (SPEC §6:
 * Super_Admin reads and updates email templates; Admin too, our decision). Bodies are stored as plain text with
 * {{name}} / {{email}} / {{link}} tokens: values are HTML-escaped when an email is built, and the editor's
 * preview escapes the body, so a template can never inject markup. At most 500 words (SPEC §9).
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { emailTemplateError, type EmailTemplate } from '../../../shared/contract/templates.js';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from '../../../shared/enums.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { emailTemplates } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';

const Uuid = z.uuid();

type Row = typeof emailTemplates.$inferSelect;

export function emailTemplateDocument(row: Row): EmailTemplate {
  return {
    id: row.id,
    type: row.type as EmailTemplateType,
    subject: row.subject,
    email: row.email,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function emailTemplateDocuments(db: Db, ids: readonly string[]): Promise<EmailTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(emailTemplates).where(inArray(emailTemplates.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [emailTemplateDocument(byId.get(id)!)] : []));
}

async function resolve(db: Db, idOrType: string): Promise<Row> {
  const byType = (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(idOrType);
  if (!byType && !Uuid.safeParse(idOrType).success) throw notFound();
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(byType ? eq(emailTemplates.type, idOrType) : eq(emailTemplates.id, idOrType));
  if (!row) throw notFound();
  return row;
}

export async function getEmailTemplate(db: Db, user: AuthUser, idOrType: string): Promise<EmailTemplate> {
  if (!can(user.role, 'email.edit')) throw forbidden();
  return emailTemplateDocument(await resolve(db, idOrType));
}

export async function updateEmailTemplate(
  ctx: WriteContext,
  user: AuthUser,
  idOrType: string,
  input: { email: string; subject?: string },
  now: Date,
): Promise<EmailTemplate> {
  const { tx } = ctx;
  if (!can(user.role, 'email.edit')) throw forbidden();
  const row = await resolve(tx, idOrType);
  const error = emailTemplateError(input.email);
  if (error) throw badRequest(error);
  const [updated] = await tx
    .update(emailTemplates)
    .set({
      email: input.email.trim(),
      ...(input.subject ? { subject: input.subject } : {}),
      updatedAt: now,
    })
    .where(eq(emailTemplates.id, row.id))
    .returning();
  ctx.audit({ actorId: user.id, action: 'emailTemplate.update', entity: 'email_templates', entityId: row.id });
  return emailTemplateDocument(updated);
}
