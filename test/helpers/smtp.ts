import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface TestSmtp {
  url: string;
  /** Every message accepted, parsed, with the envelope's recipients. */
  received: (ParsedMail & { envelopeTo: string[] })[];
  /** The next `n` messages are refused with a 451 (a temporary failure) at the end of DATA. */
  refuseNext(n: number): void;
  /** How many messages were refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** A real SMTP server in this process, on 127.0.0.1 and a free port: no TLS, no authentication. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  let refuse = 0;
  const state = { refused: 0 };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          state.refused++;
          const err = new Error('4.3.0 try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => {
      refuse = n;
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
