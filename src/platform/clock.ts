/** The one source of "now" for domain code; tests and test clocks inject their own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests. */
export class ManualClock implements Clock {
  #now: Date;
  constructor(start: Date) {
    this.#now = new Date(start.getTime());
  }
  now(): Date {
    return new Date(this.#now.getTime());
  }
  set(to: Date): void {
    this.#now = new Date(to.getTime());
  }
  advanceMs(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}
