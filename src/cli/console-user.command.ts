import { parseArgs } from 'node:util';
import type { Runtime } from '../composition/runtime.ts';
import { ConsoleUserCreate, findMerchantId, type ConsoleUserView } from '../gateway/console/console-users.service.ts';
import { CONSOLE_ROLES } from '../gateway/console/console-role.ts';
import { ConsoleErrors } from '../gateway/console/console-errors.ts';

export class ConsoleUserUsageError extends Error {}

const USAGE = `usage: recur console-user create --merchant <merchant id or username> --email <e-mail> --role ${CONSOLE_ROLES.join('|')} [--name <name>] [--password-stdin]
       recur console-user list --merchant <merchant id or username>`;

/** The password, from standard input (a pipe, or typed then Ctrl-D): never an argument, which `ps` and shell history keep. */
async function readPassword(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** A `recur console-user` command, checked (and its password read) before Recur's runtime starts. */
export type ConsoleUserCommand = { kind: 'list'; merchant: string } | { kind: 'create'; merchant: string; user: ConsoleUserCreate };

/**
 * `recur console-user create|list`: the console's users of a merchant. `create` reads the
 * password from standard input (with or without `--password-stdin`); bad input is refused here,
 * before any connection is made.
 */
export async function parseConsoleUserCommand(args: string[], input: NodeJS.ReadableStream = process.stdin): Promise<ConsoleUserCommand> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      merchant: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const [sub] = positionals;
  if (!values.merchant || (sub !== 'create' && sub !== 'list') || positionals.length > 1) throw new ConsoleUserUsageError(USAGE);
  if (sub === 'list') return { kind: 'list', merchant: values.merchant };
  if (!values.email || !values.role) throw new ConsoleUserUsageError(USAGE);
  const parsed = ConsoleUserCreate.safeParse({
    email: values.email,
    role: values.role,
    name: values.name,
    password: await readPassword(input),
  });
  if (!parsed.success) throw ConsoleErrors.validation(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return { kind: 'create', merchant: values.merchant, user: parsed.data };
}

/** Runs a checked command: `create` prints the user as JSON, `list` the merchant's users as a JSON array; never a password or hash. */
export async function runConsoleUserCommand(
  rt: Runtime,
  command: ConsoleUserCommand,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const merchantId = await findMerchantId(rt.sql, command.merchant);
  if (command.kind === 'list') {
    const users: ConsoleUserView[] = [];
    for (let page = 1; ; page++) {
      const found = await rt.console.users(merchantId, { limit: 50, page, skip: (page - 1) * 50 });
      users.push(...found.items);
      if (users.length >= found.total || found.items.length === 0) break;
    }
    out.write(`${JSON.stringify(users)}\n`);
    return;
  }
  out.write(`${JSON.stringify(await rt.console.createUser(merchantId, command.user))}\n`);
}
