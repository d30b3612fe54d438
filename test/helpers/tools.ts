import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The path of an executable on PATH, or null. */
export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      /* not here */
    }
  }
  return null;
}

/**
 * A command-line tool some tests need (promtool, say): where it is, or why it is missing. Such
 * tests skip with the reason in their title, as the Redis ones do (test/helpers/redis.ts):
 *   describe.skipIf(!promtool.path)(promtool.title('deploy/prometheus'), () => { … });
 */
export function requiredTool(name: string, install: string): { path: string | null; reason: string | null; title(t: string): string } {
  const path = onPath(name);
  const reason = path ? null : `no ${name} on PATH; ${install}`;
  return { path, reason, title: (title) => (reason ? `${title} (skipped: ${reason})` : title) };
}
