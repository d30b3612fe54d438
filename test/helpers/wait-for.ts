/**
 * The one way tests wait: on a condition polled at a short interval, never on a fixed sleep
 * (CONVENTIONS.md habit 12). An error the condition throws counts as "not yet" (an endpoint still
 * starting, a row not there yet) and is reported if the time runs out.
 */
export interface WaitOptions {
  /**
   * What is awaited, for the error when the time runs out: "invoice X to be paid". A function is
   * called only then, to add what the test can tell about the state it was stuck in.
   */
  message: string | (() => string | Promise<string>);
  /** How long to wait, in ms (15 s by default: below the test timeout, so that this error is the one reported). */
  timeout?: number;
  /** How long between two looks, in ms (25 by default). */
  interval?: number;
}

type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

/** Polls `condition` until `until` holds for its value, and answers that value. */
export function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions & { until: (value: T) => boolean }): Promise<T>;
/** Polls `condition` until it answers a truthy value, and answers that value. */
export function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): Promise<Truthy<T>>;
export async function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions & { until?: (value: T) => boolean }): Promise<T> {
  const { message, timeout = 15_000, interval = 25, until = (value: T) => Boolean(value) } = options;
  const deadline = Date.now() + timeout;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await condition();
      if (until(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) {
      const seen =
        last === undefined ? 'nothing' : 'error' in last ? `error ${String(last.error)}` : JSON.stringify(last.value)?.slice(0, 2_000);
      const what = typeof message === 'function' ? await message() : message;
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
