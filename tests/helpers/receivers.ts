import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port that keeps every message it receives, parsed, with its raw headers. */
export async function startMailbox() {
  const messages: { parsed: ParsedMail; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            messages.push({ parsed, raw });
            done();
          },
          (error: Error) => done(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A real HTTP endpoint for the webhook, which can be taken down and brought back on the same port. */
export async function startWebhookReceiver(port = 0) {
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let server: Server | undefined;
  const listen = (onPort: number) =>
    new Promise<number>((resolve) => {
      server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        request.on('end', () => {
          received.push({ headers: request.headers, body });
          response.writeHead(204).end();
        });
      });
      server.listen(onPort, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port));
    });
  const actualPort = await listen(port);
  return {
    url: `http://127.0.0.1:${actualPort}/hooks/enquiry`,
    received,
    down: () => new Promise<void>((resolve) => server!.close(() => resolve())),
    up: () => listen(actualPort),
  };
}
