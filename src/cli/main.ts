import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError, type Config } from '../../config/config.ts';
import { createProcessLogger } from '../platform/logger.ts';
import { buildRuntime } from '../composition/runtime.ts';
import { runRoles } from './start.command.ts';
import { QueuesUsageError, runQueuesCommand } from './queues.command.ts';
import { EmailsUsageError, runEmailsCommand } from './emails.command.ts';
import { ConsoleUserUsageError, parseConsoleUserCommand, runConsoleUserCommand } from './console-user.command.ts';
import { StartupCheckError } from '../ops/startup-checks.ts';
import { createMerchant, rotateToken } from '../gateway/merchants/credentials.service.ts';
import { updateMerchantSettings } from '../gateway/merchants/merchant-settings.service.ts';
import { rotateVaultKeys } from '../gateway/cards/cards.service.ts';
import { isAppError } from '../platform/errors.ts';
import { QUEUE_NAMES, type QueueName } from '../queues/queues.ts';
import { parseDemoArgs, runDemo } from './demo.command.ts';
import { resolveEmbedded } from './embedded.ts';
import { secretsFromEnvironment } from '../platform/secrets.ts';

const USAGE = `Usage: recur <command>

Commands:
  start [--embedded]                      run every role: API, scheduler and workers (creates the database, migrates);
                                          --embedded runs Recur's own PostgreSQL in DATA_DIR/postgres (also RECUR_EMBEDDED=true)
  api | scheduler | worker [--queues charge,retry,expiry-update,webhook] [--concurrency N]
                                          run one role; any number of each against one PostgreSQL (and one Redis)
  migrate                                 create the database if missing and apply migrations
  merchant create --name <name> [--currencies AUD,USD] [--unmatched-refunds [true|false]]
                                          create a merchant; prints its credentials once, as JSON
  merchant rotate-token --username <u>    issue a new API token; the old one stops working
  merchant update --username <u> --unmatched-refunds [true|false]
                                          allow (or not) production refunds without an original purchase;
                                          the bare flag means true
  console-user create --merchant <id or username> --email <e> --role viewer|support|billing|admin [--name <n>] [--password-stdin]
                                          add a console user; the password is read from standard input
  console-user list --merchant <id or username>
                                          the merchant's console users, as JSON (never a password or hash)
  vault rotate                            re-encrypt every stored card with the active vault key
  queues                                  every queue's counts and throughput (only the queue backend is needed)
  queues failed <queue> [--limit N]       failed jobs of a queue, with their reasons
  queues completed <queue> [--limit N]    completed jobs a queue keeps (the last day's, 1,000 at most), newest first
  queues retry <queue>                    send a queue's failed jobs back to work (safe: every job is idempotent)
  emails [--limit N]                      the local outbox: e-mails kept rather than sent (no SMTP_URL, or sandbox mail)
  emails show <id> [--raw]                one e-mail of the outbox: its headers and text (--raw: the whole message)
  secrets show                            the ops and ops admin credentials (from the environment or DATA_DIR/secrets.json)
  demo [--subscriptions N] [--months N]   bill demo subscriptions on a test clock, then summarise (also --start YYYY-MM-DD, --seed N)

Configuration comes from the environment: see the README.`;

/**
 * A yes/no option written as a bare flag (`--name`: true) or with a value (`--name true`,
 * `--name false`, `--name=false`): the bare form becomes `--name=true` before parsing, and a value
 * that follows as its own argument is joined to it.
 */
export function bareFlagAsTrue(args: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg !== `--${name}`) {
      out.push(arg);
      continue;
    }
    const next = args[i + 1];
    // A value that follows is the flag's (a wrong one, `maybe`, is then refused by name); a bare flag means true.
    if (next !== undefined && !next.startsWith('--')) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(`--${name}=true`);
  }
  return out;
}

/** The value of a yes/no option (see `bareFlagAsTrue`); undefined when it was not given. */
function booleanOption(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} true|false (or the bare flag, for true), not ${value}`);
  return value === 'true';
}

async function oneShot(config: Config, run: (rt: Awaited<ReturnType<typeof buildRuntime>>) => Promise<void>): Promise<void> {
  // One-shot commands keep stdout for their result; logs go to stderr.
  const logger = createProcessLogger(config, 2, config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const runtime = await buildRuntime(config, { logger, prepareDatabase: true });
  try {
    await run(runtime);
  } finally {
    await runtime.close();
  }
}

async function main(args: string[]): Promise<number> {
  const flag = args.includes('--embedded');
  const argv = args.filter((a) => a !== '--embedded');
  const [command] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  // Reads configuration and DATA_DIR only: no database to start or reach.
  if (command === 'secrets') return showSecrets(loadConfig(process.env), argv.slice(1));
  const server = ['start', 'api', 'scheduler', 'worker'].includes(command);
  const { config, embedded } = await resolveEmbedded(loadConfig(process.env), { flag, mode: server ? 'server' : 'client' });
  let code: number;
  try {
    code = await run(argv, config);
  } finally {
    await embedded?.stop();
  }
  // The last line of a server that shut down in order (its embedded PostgreSQL included).
  if (server) process.stderr.write(`Recur stopped${embedded ? ' (embedded PostgreSQL stopped too)' : ''}\n`);
  return code;
}

/**
 * `recur secrets show`: the ops credentials, for the terminal that asks (the start banner and the
 * logs name this command, never the passwords). A password set in the environment is shown as such.
 */
async function showSecrets(config: Config, args: string[]): Promise<number> {
  if (args[0] !== 'show' || args.length > 1) throw new UsageError(`unknown secrets command: ${args.join(' ') || '(none)'}`);
  const file = join(config.DATA_DIR, 'secrets.json');
  let stored: { ops_password?: string; ops_admin_password?: string } = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const line = (label: string, username: string, fromEnv: string | undefined, fromFile: string | undefined, variable: string) => {
    if (fromEnv) return `${label}user ${username}  password ${fromEnv}  (from ${variable})`;
    // With the secrets in the environment, an unset password is a random one per process: nobody's.
    if (secretsFromEnvironment(config))
      return `${label}user ${username}  no password: ${variable} is unset, so each process makes up one nobody knows; set ${variable}`;
    if (fromFile) return `${label}user ${username}  password ${fromFile}  (from ${file})`;
    return `${label}user ${username}  no password yet: ${file} has none (recur start generates it outside production)`;
  };
  process.stdout.write(
    `${line('ops:        ', config.OPS_USERNAME, config.OPS_PASSWORD, stored.ops_password, 'OPS_PASSWORD')}\n` +
      `${line('ops admin:  ', config.OPS_ADMIN_USERNAME, config.OPS_ADMIN_PASSWORD, stored.ops_admin_password, 'OPS_ADMIN_PASSWORD')}\n`,
  );
  return 0;
}

async function run(argv: string[], config: Config): Promise<number> {
  const [command, sub, ...rest] = argv;
  switch (command) {
    case 'start':
      await runRoles(config, { api: true, scheduler: true, workers: true }, { migrate: true });
      return 0;
    case 'api':
      await runRoles(config, { api: true, scheduler: false, workers: false });
      return 0;
    case 'scheduler':
      await runRoles(config, { api: false, scheduler: true, workers: false });
      return 0;
    case 'worker': {
      const { values } = parseArgs({
        args: argv.slice(1),
        options: { concurrency: { type: 'string' }, queues: { type: 'string' } },
        strict: true,
      });
      const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1))
        throw new UsageError('--concurrency takes a whole number of at least 1');
      const queues = values.queues
        ?.split(',')
        .map((q) => q.trim())
        .filter(Boolean);
      const unknown = queues?.filter((q) => !(QUEUE_NAMES as readonly string[]).includes(q)) ?? [];
      if (unknown.length) throw new UsageError(`unknown queue(s): ${unknown.join(', ')} (queues: ${QUEUE_NAMES.join(', ')})`);
      await runRoles(config, { api: false, scheduler: false, workers: true }, { concurrency, queues: queues as QueueName[] | undefined });
      return 0;
    }
    case 'queues':
      await runQueuesCommand(config, argv.slice(1));
      return 0;
    case 'migrate':
      await oneShot(config, async () => {
        console.log('database is migrated');
      });
      return 0;
    case 'merchant': {
      const { values } = parseArgs({
        args: bareFlagAsTrue(rest, 'unmatched-refunds'),
        options: {
          name: { type: 'string' },
          currencies: { type: 'string' },
          username: { type: 'string' },
          'unmatched-refunds': { type: 'string' },
        },
        strict: true,
      });
      const unmatchedRefunds = booleanOption(values['unmatched-refunds'], 'unmatched-refunds');
      if (sub === 'create') {
        if (!values.name) throw new UsageError('merchant create needs --name <name>');
        const name = values.name;
        await oneShot(config, async (rt) => {
          const created = await createMerchant(rt.orm.em.fork(), rt.clock, rt.secrets.credentialKey, {
            name,
            currencies: values.currencies
              ?.split(',')
              .map((c) => c.trim())
              .filter(Boolean),
            unmatchedRefunds,
          });
          process.stdout.write(`${JSON.stringify(created)}\n`);
        });
        return 0;
      }
      if (sub === 'rotate-token') {
        if (!values.username) throw new UsageError('merchant rotate-token needs --username <username>');
        const username = values.username;
        await oneShot(config, async (rt) => {
          const rotated = await rotateToken(rt.sql, rt.clock, rt.secrets.credentialKey, username);
          process.stdout.write(`${JSON.stringify(rotated)}\n`);
        });
        return 0;
      }
      if (sub === 'update') {
        if (!values.username) throw new UsageError('merchant update needs --username <username>');
        if (unmatchedRefunds === undefined) throw new UsageError('merchant update needs --unmatched-refunds [true|false]');
        const username = values.username;
        await oneShot(config, async (rt) => {
          const updated = await updateMerchantSettings(rt.sql, rt.clock, username, { unmatchedRefunds });
          process.stdout.write(`${JSON.stringify(updated)}\n`);
        });
        return 0;
      }
      throw new UsageError(`unknown merchant command: ${sub ?? '(none)'}`);
    }
    case 'emails':
      await oneShot(config, (rt) => runEmailsCommand(rt, argv.slice(1)));
      return 0;
    case 'console-user': {
      const command = await parseConsoleUserCommand(argv.slice(1));
      await oneShot(config, (rt) => runConsoleUserCommand(rt, command));
      return 0;
    }
    case 'vault':
      if (sub !== 'rotate') throw new UsageError(`unknown vault command: ${sub ?? '(none)'}`);
      await oneShot(config, async (rt) => {
        const count = await rotateVaultKeys(rt.sql, { vault: rt.vault, clock: rt.clock });
        process.stdout.write(`${JSON.stringify({ resealed: count, active_key_id: rt.vault.activeKeyId })}\n`);
      });
      return 0;
    case 'demo': {
      const parsed = parseDemoArgs(argv.slice(1));
      if ('error' in parsed) throw new UsageError(parsed.error);
      await runDemo(config, parsed.options);
      return 0;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

class UsageError extends Error {}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  const badOption = (err as { code?: string } | null)?.code?.startsWith('ERR_PARSE_ARGS_') === true;
  if (
    err instanceof UsageError ||
    err instanceof QueuesUsageError ||
    err instanceof EmailsUsageError ||
    err instanceof ConsoleUserUsageError ||
    badOption
  ) {
    console.error(`recur: ${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (err instanceof StartupCheckError) {
    console.error(`recur: start-up check failed: ${err.message}`);
    process.exitCode = 69;
  } else if (err instanceof ConfigError) {
    console.error(err.issues.length === 1 ? `recur: invalid configuration: ${err.issues[0]}` : `recur: ${err.message}`);
    process.exitCode = 78;
  } else if (isAppError(err)) {
    console.error(`recur: ${err.messages.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.error(`recur: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
