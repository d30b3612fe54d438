import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { fetchPath } from '../helpers/ops.ts';
import { requiredTool } from '../helpers/tools.ts';

// The Prometheus rules and the Grafana dashboard under deploy/: the rules pass promtool's check
// and its unit tests on synthetic series, and every query names a metric Recur really exports.
// The promtool tests need promtool (Debian's `prometheus` package; .ci/run installs it): without it
// they are reported skipped, with the reason in their titles.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const RULES = resolve(ROOT, 'deploy/prometheus/recur-rules.yml');
const RULE_TESTS = ['recur-rules.test.yml', 'recur-rules-weekly.test.yml'].map((f) => resolve(ROOT, 'deploy/prometheus', f));
const DASHBOARD = resolve(ROOT, 'deploy/grafana/recur-dashboard.json');
/** Series that come from Prometheus itself or blackbox_exporter, not from Recur. */
const NOT_RECUR = new Set(['up', 'probe_success']);
const PROMTOOL = requiredTool('promtool', 'apt-get install prometheus');

async function promtool(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(PROMTOOL.path, args, { cwd: ROOT });
    return stdout + stderr;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('promtool is not installed: apt-get install -y prometheus (Debian), as .ci/run does');
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** Metric names a PromQL expression reads (recording-rule names hold a colon and are left out). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const withoutMatchers = withoutStrings.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  const names = new Set<string>();
  for (const match of withoutMatchers.matchAll(/\b(recur_[a-z0-9_]+|up|probe_success)\b/g)) names.add(match[1]!);
  return [...names];
}

/** `x_bucket`, `x_sum` and `x_count` are series of the histogram family `x`. */
function familyOf(name: string, families: Set<string>): string {
  if (families.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return families.has(base) ? base : name;
}

let app: TestApp;
let families: Set<string>;

beforeAll(async () => {
  app = await startTestApp({ billing: true });
  const res = await fetchPath(app.agent, app.process.ops!.url, '/metrics', {
    credentials: { username: app.config.OPS_USERNAME, password: app.runtime.secrets.opsPassword },
  });
  expect(res.status, res.text).toBe(200);
  families = new Set([...res.text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
});
afterAll(async () => {
  await app?.close();
});

describe('deploy/prometheus', () => {
  it.skipIf(PROMTOOL.reason !== null)(PROMTOOL.title('passes promtool check rules'), async () => {
    expect(await promtool('check', 'rules', RULES)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(PROMTOOL.reason !== null)(PROMTOOL.title('passes its unit tests on synthetic series (promtool test rules)'), async () => {
    const output = await promtool('test', 'rules', ...RULE_TESTS);
    expect(output.match(/SUCCESS/g)).toHaveLength(RULE_TESTS.length);
  });

  it('alerts on what docs/operations.md says to alert on, from metrics Recur exports', async () => {
    const rules = await readFile(RULES, 'utf8');
    for (const alert of [
      'RecurChargesFallingBehind',
      'RecurQueueNotMoving',
      'RecurFailedJobsGrowing',
      'RecurDeclineRateJump',
      'RecurWebhooksGivingUp',
      'RecurNotReady',
      'RecurDueLagAbsent',
    ]) {
      expect(rules).toContain(`alert: ${alert}\n`);
    }
    const exprs = [...rules.matchAll(/expr: (?:\|\n((?:\s{10}.*\n)+)|(.*))/g)].map((m) => m[1] ?? m[2]!);
    expect(exprs.length).toBeGreaterThan(15);
    const unknown = exprs.flatMap(metricNames).filter((n) => !NOT_RECUR.has(n) && !families.has(familyOf(n, families)));
    expect(unknown).toEqual([]);
  });
});

describe('deploy/grafana', () => {
  it('queries only metrics Recur exports, in every panel', async () => {
    const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8'));
    const targets = dashboard.panels.flatMap((p: { title: string; targets: { expr: string }[] }) => {
      expect(p.targets.length, p.title).toBeGreaterThan(0);
      return p.targets.map((t) => ({ panel: p.title, expr: t.expr }));
    });
    for (const { panel, expr } of targets) {
      const names = metricNames(expr);
      expect(names.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      expect(expr, panel).not.toMatch(/\b[a-z_]+:[a-z0-9_:]+\b/); // no recording rule: the dashboard works without them
      for (const name of names) expect(families.has(familyOf(name, families)), `${panel}: ${name} is not in /metrics`).toBe(true);
    }
  });

  it('shows charges by outcome, due lag, queue depths, latency percentiles, decline classes and webhook deliveries', async () => {
    const exprs: string = JSON.parse(await readFile(DASHBOARD, 'utf8'))
      .panels.flatMap((p: { targets: { expr: string }[] }) => p.targets.map((t) => t.expr))
      .join('\n');
    expect(exprs).toContain('sum by (outcome) (rate(recur_charges_total');
    expect(exprs).toContain('recur_due_lag_seconds');
    expect(exprs).toContain('recur_queue_jobs');
    expect(exprs).toMatch(/histogram_quantile\(0\.99, .*_bucket/);
    expect(exprs).toContain('sum by (decline_class)');
    expect(exprs).toContain('recur_webhook_delivery_failures_total');
  });
});
