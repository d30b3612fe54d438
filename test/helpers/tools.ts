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
 * Why a test that needs `what` skips, or null where it runs: never in CI (`CI` set: .ci/run installs
 * the tools, so a missing one fails the run instead of hiding its tests).
 */
export function missingReason(present: boolean, reason: string): string | null {
  return present || process.env.CI ? null : reason;
}

/**
 * A command-line tool some tests need (promtool, say): where it is, or why it is missing. Such
 * tests skip with the reason in their title, as the Redis ones do (test/helpers/redis.ts):
 *   it.skipIf(promtool.reason)(promtool.title('passes promtool check rules'), async () => { … });
 */
export function requiredTool(name: string, install: string): { path: string; reason: string | null; title(t: string): string } {
  const path = onPath(name);
  const reason = missingReason(path !== null, `no ${name} on PATH; ${install}`);
  return { path: path ?? name, reason, title: (title) => (reason ? `${title} (skipped: ${reason})` : title) };
}
