/**
 * A loop that runs `pass` every `intervalMs`, or sooner when poked, never two passes at once: a
 * poke during a pass runs another right after it. A pass that throws is handed to `onError` and
 * the loop goes on at the next interval. The scheduler's ticks and the e-mail sender's passes.
 */
export interface PokedLoop {
  /** Runs a pass now (after the one in progress). */
  poke(): void;
  /** Stops the loop; answers the pass in progress (already settled when none runs). */
  stop(): Promise<void>;
}

export function startPokedLoop(pass: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void): PokedLoop {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(loop);
        } else timer = setTimeout(loop, intervalMs);
      });
  };
  setImmediate(loop);
  return {
    poke: loop,
    stop() {
      stopped = true;
      clearTimeout(timer);
      return running ?? Promise.resolve();
    },
  };
}
