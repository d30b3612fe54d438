import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { chooseLogFormat } from '../../src/platform/log-format.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { findCardNumbers } from '../../src/platform/pan-scrub.ts';
import { testConfig } from '../helpers/test-app.ts';
import { recurEnv, spawnRecur, type CliProcess } from '../helpers/cli-process.ts';
import type { Config } from '../../config/config.ts';

// JSON lines for machines, readable lines for a person at a terminal in development, LOG_FORMAT
// to choose; pretty lines are redacted and scrubbed of card numbers exactly as JSON lines are.

const PAN = '4111111111111111';

describe('choosing the log format', () => {
  it.each([
    [undefined, 'development', true, 'pretty'],
    [undefined, 'development', false, 'json'],
    [undefined, 'production', true, 'json'],
    [undefined, 'production', false, 'json'],
    [undefined, 'test', true, 'json'],
    ['json', 'development', true, 'json'],
    ['pretty', 'production', false, 'pretty'],
    ['pretty', 'development', false, 'pretty'],
  ] as const)('LOG_FORMAT=%s NODE_ENV=%s terminal=%s: %s', (configured, nodeEnv, isTty, expected) => {
    expect(chooseLogFormat({ configured, nodeEnv, isTty })).toBe(expected);
  });

  it('LOG_FORMAT takes json or pretty, nothing else', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('pretty lines', () => {
  it('are readable and keep redaction and card-number scrubbing', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ level: 'info', format: 'pretty', destination: destination as never });
    logger.info(
      { card_number: PAN, api_token: 'tok_secret_value', req: { headers: { authorization: 'Basic c2VjcmV0' } }, invoice_id: 'inv_1' },
      `charged ${PAN}`,
    );
    logger.error({ err: new Error(`declined ${PAN}`) }, 'charge failed');
    await new Promise<void>((resolve) => setImmediate(resolve));
    const text = lines.join('');
    expect(text).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z\] INFO: charged 411111X{6}1111 /m);
    expect(text).toContain('ERROR: charge failed');
    expect(text).toContain('"invoice_id":"inv_1"');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(PAN);
    expect(text).not.toContain('tok_secret_value');
    expect(text).not.toContain('c2VjcmV0');
    expect(text.trimStart().startsWith('{')).toBe(false);
  });
});

describe('card numbers in log lines', () => {
  it('a migration name or a millisecond count is written as it is; a card number in any printed form is masked', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ level: 'info', destination: destination as never });
    // 20261124103007 and 1795939200006 pass the Luhn check; neither is of a card scheme's length.
    logger.info({ migration: 'Migration20261124103007' }, 'applied Migration20261124103007');
    logger.info({ reference: 'order-1795939200006' }, 'invoice paid');
    logger.info({ reqId: '4111.1111.1111.1111' }, 'charged 4111\u00a01111\u00a01111\u00a01111');
    logger.warn({ err: new Error('declined 4111\u20131111\u20131111\u20131111') }, 'charge failed');
    await new Promise<void>((resolve) => setImmediate(resolve));
    const text = lines.join('');
    expect(text).toContain('"migration":"Migration20261124103007"');
    expect(text).toContain('"msg":"applied Migration20261124103007"');
    expect(text).toContain('"reference":"order-1795939200006"');
    expect(text).toContain('"reqId":"411111XXXXXX1111"');
    expect(text).toContain('"msg":"charged 411111XXXXXX1111"');
    expect(text).toContain('declined 411111XXXXXX1111');
    expect(findCardNumbers(text)).toEqual([]);
  });
});

describe('recur start', () => {
  let config: Config;
  const children: CliProcess[] = [];
  beforeAll(async () => {
    config = await testConfig();
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill()));
  });

  function start(extra: Record<string, string>): CliProcess {
    const child = spawnRecur(
      ['start'],
      recurEnv(config, {
        NODE_ENV: 'development',
        SANDBOX_PORT: '0',
        PRODUCTION_PORT: '0',
        OPS_PORT: '0',
        REDIS_PREFIX: `recur-logs-${randomBytes(4).toString('hex')}`,
        ...extra,
      }),
    );
    children.push(child);
    return child;
  }

  it('writes readable lines with LOG_FORMAT=pretty, and JSON lines to a pipe by default; the banner either way', async () => {
    const pretty = start({ LOG_FORMAT: 'pretty' });
    const json = start({ LOG_FORMAT: '' });
    await Promise.all([pretty.waitForOutput(/INFO: Recur is running/, 45_000), json.waitForOutput(/"msg":"Recur is running"/, 45_000)]);
    for (const child of [pretty, json]) expect(child.stderr()).toMatch(/Recur sandbox API:\s+https:\/\/127\.0\.0\.1:\d+\/v1\.0/);
    const prettyLines = pretty.stdout().trim().split('\n');
    expect(prettyLines.some((l) => /^\[[\d:. -]+Z\] INFO: Recur is running/.test(l))).toBe(true);
    expect(prettyLines.filter((l) => l.startsWith('{'))).toEqual([]);
    for (const line of json.stdout().trim().split('\n')) expect(() => JSON.parse(line), line).not.toThrow();
    pretty.signal('SIGTERM');
    json.signal('SIGTERM');
    expect((await pretty.exited).code).toBe(0);
    expect((await json.exited).code).toBe(0);
  });
});
