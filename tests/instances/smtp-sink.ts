/**
 * A minimal SMTP server (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no AUTH) that
 * records every message it accepts. The `smtp-server` package is not installed; nodemailer (the app's real
 * transport) speaks to this over a real TCP socket, so what is recorded is what the app really sent.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  data: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** `delayMs` before answering each DATA: keeps concurrent senders overlapping, as a real server would. */
export async function startSmtpSink(delayMs = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buf = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const text = data.join('\r\n');
            const subject = /^Subject: (.*)$/im.exec(text)?.[1] ?? '';
            const mail = { from, to, subject, data: text };
            data = [];
            setTimeout(() => {
              received.push(mail);
              reply('250 OK queued');
            }, delayMs);
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          from = line.slice(10).trim();
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(line.slice(8).trim().replace(/^<|>$/g, ''));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
