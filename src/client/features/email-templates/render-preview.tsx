/**
 * The live preview of an email template: the parts of the shared renderer (src/shared/email-render.ts — the
 * one the server sends with) as React elements, never as HTML. So the preview shows exactly what is sent:
 * the same line breaks, the same token values (sample ones here), and markup in a template as literal text.
 */
import { Fragment, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { EMAIL_EXTRA_TOKENS, emailParts } from '../../../shared/email-render.js';
import type { EmailTemplateType } from '../../../shared/enums.js';

/**
 * Sample values for every token the server fills: the receiver's name and email, and the values some email
 * types add (ObsPrompt: department, threshold, faculty; observation updates: title, message, route).
 */
export const PREVIEW_SAMPLE = {
  name: 'Receiver Name',
  email: 'receiver@university.edu',
  department: 'Department Name',
  threshold: '70',
  faculty: 'Faculty One, Faculty Two',
  title: 'Observation updated',
  message: 'There is an update on your observation.',
  route: '/observations/detail-observation/…',
} as const;

/** The sample values of the tokens an email of `type` is sent with (others stay literal, as in the mail). */
export function previewVars(type: EmailTemplateType, link: string): Record<string, string> {
  const extras = Object.fromEntries(EMAIL_EXTRA_TOKENS[type].map((k) => [k, PREVIEW_SAMPLE[k]]));
  return { name: PREVIEW_SAMPLE.name, email: PREVIEW_SAMPLE.email, ...extras, link };
}

export function renderPreview(body: string, link: string, type: EmailTemplateType): ReactNode {
  return emailParts(body, previewVars(type, link)).map((p, i) => {
    switch (p.kind) {
      case 'break':
        return <br key={i} />;
      case 'link':
        return (
          <Anchor key={i} href={p.href} target="_blank" rel="noreferrer">
            {p.href}
          </Anchor>
        );
      default:
        return <Fragment key={i}>{p.text}</Fragment>;
    }
  });
}
