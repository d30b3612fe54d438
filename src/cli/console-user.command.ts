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

/**
 * `recur console-user create|list`: the console's users of a merchant. `create` reads the
 * password from standard input (with or without `--password-stdin`) and prints the user as
 * JSON; `list` prints the merchant's users as a JSON array. Neither prints a password or a hash.
 */
export async function runConsoleUserCommand(
  rt: Runtime,
  args: string[],
  io: { input: NodeJS.ReadableStream; out: NodeJS.WritableStream } = { input: process.stdin, out: process.stdout },
): Promise<void> {
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
  const merchantId = await findMerchantId(rt.sql, values.merchant);
  if (sub === 'list') {
    const users: ConsoleUserView[] = [];
    for (let page = 1; ; page++) {
      const found = await rt.console.users(merchantId, { limit: 50, page, skip: (page - 1) * 50 });
      users.push(...found.items);
      if (users.length >= found.total || found.items.length === 0) break;
    }
    io.out.write(`${JSON.stringify(users)}\n`);
    return;
  }
  if (!values.email || !values.role) throw new ConsoleUserUsageError(USAGE);
  const parsed = ConsoleUserCreate.safeParse({
    email: values.email,
    role: values.role,
    name: values.name,
    password: await readPassword(io.input),
  });
  if (!parsed.success) throw ConsoleErrors.validation(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const user = await rt.console.createUser(merchantId, parsed.data);
  io.out.write(`${JSON.stringify(user)}\n`);
}
