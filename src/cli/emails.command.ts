import { parseArgs } from 'node:util';
import type { Runtime } from '../composition/runtime.ts';
import { listOutbox, outboxMessage } from '../billing/billing-jobs.ts';
import { formatTable } from '../ops/queue-report.ts';

export class EmailsUsageError extends Error {}

/** The headers a reader wants of a message (the rest, MIME's and transport's, stay in `--raw`). */
const SHOWN_HEADERS = /^(from|to|reply-to|subject|date|message-id):/i;

/**
 * `recur emails`: the local outbox (e-mails kept rather than sent: no SMTP_URL, or sandbox mail),
 * newest first; `recur emails show <id>` prints one (its headers and plain text; `--raw` the whole
 * message, attachments included, as an .eml file holds it).
 */
export async function runEmailsCommand(rt: Runtime, args: string[], out: NodeJS.WritableStream = process.stdout): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { limit: { type: 'string', default: '50' }, raw: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [sub, id] = positionals;
  if (sub === undefined) {
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new EmailsUsageError('--limit takes a whole number of at least 1');
    const rows = await listOutbox(rt.sql, limit);
    if (rows.length === 0) {
      out.write('the local outbox is empty\n');
      return;
    }
    out.write(
      `${formatTable(
        ['id', 'created', 'environment', 'kind', 'to', 'subject'],
        rows.map((r) => [r.id, r.created_at.slice(0, 19).replace('T', ' '), r.environment, r.kind, r.recipient, r.subject ?? '']),
      )}\n(recur emails show <id> prints one)\n`,
    );
    return;
  }
  if (sub !== 'show' || !id) throw new EmailsUsageError('usage: recur emails [--limit N] | recur emails show <id> [--raw]');
  const message = await outboxMessage(rt.sql, id);
  if (!message) throw new EmailsUsageError(`no e-mail ${id} in the local outbox`);
  if (values.raw) {
    out.write(message.raw.endsWith('\n') ? message.raw : `${message.raw}\n`);
    return;
  }
  const head = message.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const headers = head.split(/\r?\n/).filter((line) => SHOWN_HEADERS.test(line));
  const attachments = [...message.raw.matchAll(/filename="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  out.write(
    `${headers.join('\n')}\n${attachments.length ? `Attachments: ${[...new Set(attachments)].join(', ')}\n` : ''}\n${message.text ?? ''}`,
  );
}
