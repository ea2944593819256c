/**
 * The live preview of an email template: the parts of the shared renderer (src/shared/email-render.ts — the
 * one the server sends with) as React elements, never as HTML. So the preview shows exactly what is sent:
 * the same line breaks, the same token values (sample ones here), and markup in a template as literal text.
 */
import { Fragment, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { emailParts } from '../../../shared/email-render.js';

export const PREVIEW_SAMPLE = { name: 'Receiver Name', email: 'receiver@university.edu' } as const;

export function renderPreview(body: string, link: string): ReactNode {
  return emailParts(body, { ...PREVIEW_SAMPLE, link }).map((p, i) => {
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
