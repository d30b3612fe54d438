import { connect } from 'node:net';
import type { Config } from '../../config/config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../platform/embedded-postgres.ts';

/** Whether something accepts connections at host:port within a second. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/**
 * The embedded mode: asked for (RECUR_EMBEDDED, `--embedded`), or chosen when DATABASE_URL is unset
 * and nothing answers at the default address. It starts (or, for a one-shot command beside a running
 * `recur start`, uses) Recur's own PostgreSQL, and puts the queues there unless QUEUE_BACKEND says otherwise.
 */
export async function resolveEmbedded(
  config: Config,
  options: { flag: boolean; mode: 'server' | 'client'; log?: (line: string) => void },
): Promise<{ config: Config; embedded: EmbeddedPostgres | null }> {
  const asked = options.flag || config.RECUR_EMBEDDED === true;
  const fallback = config.RECUR_EMBEDDED === undefined && !config.DATABASE_URL_SET && !(await answers('127.0.0.1', 5432));
  if (!asked && !fallback) return { config, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_POSTGRES_PORT,
    mode: options.mode,
    log: options.log,
  });
  return {
    config: Object.freeze({
      ...config,
      RECUR_EMBEDDED: true,
      DATABASE_URL: embedded.url,
      QUEUE_BACKEND: config.QUEUE_BACKEND ?? 'postgres',
    }),
    embedded,
  };
}
