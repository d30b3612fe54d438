import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core in the browser tests (CI installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, and nothing that reaches past loopback (updates, sync, background fetches, QUIC). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it stands: `rule-id (nodes)`, none when the page is clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = (await page.evaluate(`${AXE_SOURCE}; axe.run(document, { resultTypes: ['violations'] })`)) as {
    violations: { id: string; nodes: unknown[] }[];
  };
  return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
}
