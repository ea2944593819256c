import { describe, expect, it } from 'vitest';
import { emailHtml, emailParts, emailText } from '../../src/shared/email-render.js';

const vars = { name: 'Ann <img src=x onerror=alert(1)>', email: 'ann@university.edu', link: 'https://observa.test/?a=1&b="2"' };

describe('email renderer', () => {
  it('escapes template text and values; breaks and the link are the only markup', () => {
    const body = 'Dear {{name}},<br>your <b>address</b> is {{ email }}.\nGo: {{link}} <script>x</script> {{unknown}}';
    expect(emailHtml(body, vars)).toBe(
      'Dear Ann &lt;img src=x onerror=alert(1)&gt;,<br>your &lt;b&gt;address&lt;/b&gt; is ann@university.edu.<br>' +
        'Go: <a href="https://observa.test/?a=1&amp;b=&quot;2&quot;">https://observa.test/?a=1&amp;b=&quot;2&quot;</a> ' +
        '&lt;script&gt;x&lt;/script&gt; {{unknown}}',
    );
  });

  it('cuts the body into the parts both the preview and the mail use', () => {
    expect(emailParts('Hi {{name}}<br/>{{link}}', vars)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'value', key: 'name', text: vars.name },
      { kind: 'break' },
      { kind: 'link', href: vars.link },
    ]);
  });

  it('renders plain text for subjects on one line', () => {
    expect(emailText('Hello {{name}}\nagain', { name: 'Bo' }, true)).toBe('Hello Bo again');
  });
});
