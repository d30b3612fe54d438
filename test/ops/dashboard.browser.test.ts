import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'bullmq';
import type { Browser, BrowserContext } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../helpers/chromium.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  chargeWorkId,
  completedRetention,
  retryWorkId,
  webhookWorkId,
  workJobOptions,
  QUEUE_NAMES,
  KEEP_COMPLETED,
  KEEP_FAILED,
} from '../../src/queues/queues.ts';
import { OPS_CONTENT_SECURITY_POLICY } from '../../src/ops/self-contained.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { testRedis } from '../helpers/redis.ts';
import { missingReason } from '../helpers/tools.ts';

// The queue dashboard in a real browser (issue 5): headless Chromium loads bull-board behind the
// ops credentials, lists every Recur queue, and its "Retry all" moves a failed charge job back
// to waiting. The app runs no workers, so what the test puts in the queues stays where it is.
// The queues are on the run's Redis whatever QUEUE_BACKEND says: without one, the tests skip and say why.

vi.setConfig({ testTimeout: 60_000 });

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOT = join(ROOT, 'test-results', 'ops-dashboard.png');

const redisTest = testRedis();
/** Without Chromium the browser tests skip, with the reason in their titles (CI installs it). */
const NO_CHROMIUM = missingReason(existsSync(CHROMIUM), `no ${CHROMIUM}; apt-get install chromium`);
const title = (t: string) => (NO_CHROMIUM && redisTest.url ? `${t} (skipped: ${NO_CHROMIUM})` : redisTest.title(t));
let app: TestApp;
let browser: Browser;
let failedJobId: string;
let completedJobId: string;

/**
 * A charge job finished by hand, as a worker would finish it (no worker of the app's runs on this
 * queue): failed for good, as one does when PostgreSQL stays away through every transport retry,
 * or completed with the charge's outcome.
 */
async function putFinishedChargeJob(target: TestApp, how: 'failed' | 'completed'): Promise<string> {
  const data = { invoiceId: randomUUID(), attempt: 1 };
  const opts = workJobOptions(chargeWorkId(data));
  const jobId = opts.jobId;
  await target.runtime.queues.charge.add('charge', data, { ...opts, attempts: 1 });
  const connection = target.runtime.redis!.duplicate({ maxRetriesPerRequest: null });
  const hand = new Worker('charge', null, { connection, prefix: target.config.REDIS_PREFIX, autorun: false });
  try {
    const token = randomUUID();
    const job = await hand.getNextJob(token);
    expect(job?.id).toBe(jobId);
    if (how === 'failed') await job!.moveToFailed(new Error('connect ECONNREFUSED 127.0.0.1:5432 (PostgreSQL unreachable)'), token);
    else await job!.moveToCompleted({ kind: 'recorded', status: 'approved', amount: 1500, currency: 'AUD' }, token, false);
  } finally {
    await hand.close();
    connection.disconnect();
  }
  expect(await target.runtime.queues.charge.getJobState(jobId)).toBe(how);
  return jobId;
}

beforeAll(async () => {
  if (!redisTest.url || NO_CHROMIUM) return;
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: the dashboard test needs Chromium (apt-get install chromium; CI installs it)`);
  app = await startTestApp({ env: redisTest.env() });
  failedJobId = await putFinishedChargeJob(app, 'failed');
  completedJobId = await putFinishedChargeJob(app, 'completed');
  // A little more to look at: a dunning retry due in an hour, and a webhook delivery waiting.
  const retry = { invoiceId: randomUUID(), attempt: 2 };
  await app.runtime.queues.retry.add('retry', retry, { ...workJobOptions(retryWorkId(retry)), delay: 3_600_000 });
  const deliveryId = randomUUID();
  await app.runtime.queues.webhook.add('webhook', { deliveryId }, workJobOptions(webhookWorkId({ deliveryId })));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function opsContext(who: 'nobody' | 'ops' | 'admin'): Promise<BrowserContext> {
  const credentials = {
    nobody: null,
    ops: { username: app.config.OPS_USERNAME, password: app.runtime.secrets.opsPassword },
    admin: { username: app.config.OPS_ADMIN_USERNAME, password: app.runtime.secrets.opsAdminPassword },
  }[who];
  return browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    ...(credentials ? { httpCredentials: { ...credentials, send: 'always' as const } } : {}),
  });
}

describe.skipIf(!redisTest.url || NO_CHROMIUM)(title('queue dashboard in Chromium'), () => {
  it('keeps failed and completed jobs (each bounded by age and count) and shows them', async () => {
    for (const queue of app.runtime.queues.all()) {
      expect(queue.defaultJobOptions.removeOnComplete, queue.name).toEqual(completedRetention('redis', KEEP_COMPLETED));
      expect(queue.defaultJobOptions.removeOnFail, queue.name).toEqual(KEEP_FAILED);
    }
    expect(KEEP_FAILED.count).toBeLessThanOrEqual(10_000);
    expect(KEEP_COMPLETED).toEqual({ age: 86_400, count: 1_000 });
    // The first test of the file: a later one retries this job.
    const keptJobId = failedJobId;
    expect(await app.runtime.queues.charge.getJobState(keptJobId)).toBe('failed');
    const context = await opsContext('ops');
    try {
      const page = await context.newPage();
      const res = await page.goto(`${app.process.ops!.url}/ops/queues/queue/charge?status=failed`);
      expect(res?.status()).toBe(200);
      await page.getByText(keptJobId).waitFor({ state: 'visible' });
      const completed = await page.goto(`${app.process.ops!.url}/ops/queues/queue/charge?status=completed`);
      expect(completed?.status()).toBe(200);
      await page.getByText(completedJobId).waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  it('answers 401 without the ops credentials, and shows no queue', async () => {
    const context = await opsContext('nobody');
    try {
      const page = await context.newPage();
      const dashboard = `${app.process.ops!.url}/ops/queues`;
      // Chromium meets the Basic challenge with no credentials to give, and refuses to show the page.
      await expect(page.goto(dashboard)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
      // From a page of the same origin (the probes need no credentials), fetch says what the server answered.
      const probe = await context.newPage();
      expect((await probe.goto(`${app.process.ops!.url}/livez`))?.status()).toBe(200);
      const answer = await probe.evaluate(async (url) => {
        const res = await fetch(url, { credentials: 'omit' });
        return { status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.text() };
      }, dashboard);
      expect(answer.status).toBe(401);
      expect(answer.challenge).toMatch(/^Basic realm="Recur ops"/);
      for (const queue of QUEUE_NAMES) expect(answer.body).not.toContain(`"${queue}"`);
      expect(answer.body).not.toContain('Recur queues');
    } finally {
      await context.close();
    }
  });

  it('shows the ops credentials the failed job without any action on it (read-only)', async () => {
    const context = await opsContext('ops');
    try {
      const page = await context.newPage();
      const res = await page.goto(`${app.process.ops!.url}/ops/queues/queue/charge?status=failed`);
      expect(res?.status()).toBe(200);
      await page.getByText(failedJobId).waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: 'Retry all' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Retry|Clean|Remove)/ }).count()).toBe(0);
      // The admin dashboard refuses them.
      const admin = await page.goto(`${app.process.ops!.url}/ops/admin/queues`);
      expect(admin?.status()).toBe(403);
    } finally {
      await context.close();
    }
  });

  it('lists every Recur queue, and lets the admin retry a failed charge job', async () => {
    const context = await opsContext('admin');
    try {
      const page = await context.newPage();
      const res = await page.goto(`${app.process.ops!.url}/ops/admin/queues`);
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toBe('Recur queues');
      const sidebar = page.locator('#bull-board-sidebar');
      for (const queue of QUEUE_NAMES) await sidebar.getByText(queue, { exact: true }).waitFor({ state: 'visible' });
      // The overview has a card per queue; the failed charge shows in its counts.
      const main = page.locator('main');
      for (const queue of QUEUE_NAMES) await main.getByText(queue, { exact: true }).first().waitFor({ state: 'visible' });
      await main
        .getByText(/failed/i)
        .first()
        .waitFor({ state: 'visible' });

      await mkdir(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(existsSync(SCREENSHOT)).toBe(true);

      // The charge queue's failed jobs: open the queue from the sidebar, then its Failed tab.
      await sidebar.getByText('charge', { exact: true }).click();
      await page.waitForURL(/\/ops\/admin\/queues\/queue\/charge/);
      await page
        .getByRole('link', { name: /^failed/i })
        .first()
        .click();
      await page.waitForURL(/status=failed/);
      await page.getByText(failedJobId).waitFor({ state: 'visible' });
      await page.getByText('ECONNREFUSED 127.0.0.1:5432').first().waitFor({ state: 'visible' });

      await page.getByRole('button', { name: 'Retry all' }).click();
      await page.getByText('Are you sure that you want to retry all failed jobs?').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();

      // BullMQ, not the page, says where the job went: back to waiting (no worker runs here).
      const state = await waitFor(() => app.runtime.queues.charge.getJobState(failedJobId), {
        message: 'the job out of failed',
        until: (s) => s !== 'failed',
      });
      expect(state).toBe('waiting');
      expect(await app.runtime.queues.charge.getFailedCount()).toBe(0);
      // And the page stops listing it under Failed.
      await page.getByText(failedJobId).waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      await context.close();
    }
  });

  it('loads every page with nothing from outside loopback, under a strict Content-Security-Policy', async () => {
    const context = await opsContext('admin');
    const requested: string[] = [];
    const refused: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    try {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      for (const path of ['/ops/queues', '/ops/queues/queue/charge?status=failed', '/ops/admin/queues']) {
        const res = await page.goto(`${app.process.ops!.url}${path}`);
        expect(res?.status(), path).toBe(200);
        expect(res?.headers()['content-security-policy'], path).toBe(OPS_CONTENT_SECURITY_POLICY);
        expect(await res?.text(), path).not.toMatch(/fonts\.googleapis\.com|https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
        // The page really ran under the policy: its scripts drew the sidebar.
        await page.locator('#bull-board-sidebar').getByText('charge', { exact: true }).waitFor({ state: 'visible' });
        await page.waitForLoadState('networkidle');
      }
      expect(requested.length).toBeGreaterThan(3);
      const outside = requested.filter((url) => !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname));
      expect(outside, 'requests that left loopback').toEqual([]);
      expect(refused, 'what the policy refused').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
