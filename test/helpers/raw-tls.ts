import { connect, type TLSSocket } from 'node:tls';

/** What came back on a raw connection, and when it closed (ms after the connection opened). */
export interface RawExchange {
  text: string;
  status: number | null;
  headers: Record<string, string>;
  body: any;
  closedAfterMs: number;
}

/** Opens a TLS connection to a listener, trusting the test certificate. */
export function openTls(port: number, ca: string): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['http/1.1'] }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Splits a raw HTTP/1.1 answer into status, lower-cased headers and a JSON body (if it is one). */
export function parseAnswer(text: string): Pick<RawExchange, 'status' | 'headers' | 'body'> {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '');
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body: unknown;
  try {
    body = JSON.parse(rest.join('\r\n\r\n'));
  } catch {
    body = undefined;
  }
  return { status: status ? Number(status[1]) : null, headers, body };
}

/** Reads a socket until the server closes it (or `limitMs` passes: then it is destroyed and closedAfterMs is Infinity). */
export function readUntilClosed(socket: TLSSocket, openedAt: number, limitMs: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      finish(Infinity);
    }, limitMs);
    let done = false;
    const finish = (closedAfterMs: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ text, ...parseAnswer(text), closedAfterMs });
    };
    socket.on('close', () => finish(Date.now() - openedAt));
  });
}

/** Sends raw bytes on a fresh connection and waits for the server to answer and close. */
export async function rawExchange(port: number, ca: string, bytes: string | Buffer, limitMs = 10_000): Promise<RawExchange> {
  const openedAt = Date.now();
  const socket = await openTls(port, ca);
  const result = readUntilClosed(socket, openedAt, limitMs);
  socket.write(bytes);
  return result;
}
