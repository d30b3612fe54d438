import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPokedLoop } from '../../src/platform/poked-loop.ts';

describe('startPokedLoop', () => {
  it('runs a pass at once, never two at a time, one more after pokes during a pass, and goes on after a failure', async () => {
    let active = 0;
    let overlapped = false;
    let passes = 0;
    const errors: unknown[] = [];
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const loop = startPokedLoop(
      async () => {
        active++;
        overlapped ||= active > 1;
        passes++;
        await gate;
        active--;
        if (passes === 2) throw new Error('second pass fails');
      },
      3_600_000,
      (err) => errors.push(err),
    );
    await sleep(20);
    expect(passes).toBe(1); // the first pass runs at once and waits on the gate
    loop.poke();
    loop.poke();
    loop.poke();
    await sleep(20);
    expect(passes).toBe(1); // pokes during a pass wait for it
    gate = Promise.resolve();
    release();
    await sleep(50);
    expect(passes).toBe(2); // three pokes, one more pass
    expect(errors.map((e) => (e as Error).message)).toEqual(['second pass fails']);
    loop.poke();
    await sleep(20);
    expect(passes).toBe(3); // the loop goes on after a failure
    await loop.stop();
    loop.poke();
    await sleep(20);
    expect(passes).toBe(3); // stopped: a poke does nothing
    expect(overlapped).toBe(false);
  });

  it('stop waits for the pass in progress', async () => {
    let finished = false;
    const loop = startPokedLoop(
      async () => {
        await sleep(50);
        finished = true;
      },
      3_600_000,
      () => {},
    );
    await sleep(10);
    await loop.stop();
    expect(finished).toBe(true);
  });
});
