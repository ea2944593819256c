/**
 * A minimal SMTP server for tests (the `smtp-server` package is not installed): speaks enough of RFC 5321 for
 * nodemailer over plain TCP — EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT — and keeps every message it
 * accepted with its envelope recipients and raw data.
 */
import net from 'node:net';

export interface SinkMessage {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  port: number;
  messages: SinkMessage[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: SinkMessage = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The decoded text of a quoted-printable MIME part body. */
export function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
