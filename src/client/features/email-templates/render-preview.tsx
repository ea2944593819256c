/**
 * The live preview of an email template, built as React elements — never as HTML. The body is plain text in
 * which only three things have a meaning: a line break (`<br>` as the insert button writes it, or a newline),
 * and the tokens {{name}}, {{email}} and {{link}}, replaced by sample values. Everything else, `<script>`
 * included, is shown as the literal text it is, so a template can never inject markup into the editor.
 */
import { Fragment, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';

export const PREVIEW_SAMPLE = { name: 'Receiver Name', email: 'receiver@university.edu' } as const;

const BREAK = /<br\s*\/?>|\r?\n/gi;
const TOKEN = /\{\{\s*(name|email|link)\s*\}\}/g;

function renderLine(line: string, link: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(TOKEN)) {
    if (m.index > last) out.push(line.slice(last, m.index));
    const k = m[1];
    if (k === 'link') {
      out.push(
        <Anchor key={`${key}-${m.index}`} href={link} target="_blank" rel="noreferrer">
          {link}
        </Anchor>,
      );
    } else {
      out.push(<strong key={`${key}-${m.index}`}>{PREVIEW_SAMPLE[k as 'name' | 'email']}</strong>);
    }
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

export function renderPreview(body: string, link: string): ReactNode {
  const lines = body.split(BREAK);
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {renderLine(line, link, String(i))}
    </Fragment>
  ));
}
