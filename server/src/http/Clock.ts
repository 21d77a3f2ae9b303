/** The server's time source: injected so that lockout, token expiry and TOTP can be tested with a stepped clock. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class SteppedClock implements Clock {
  constructor(private at: number = Date.UTC(2025, 0, 1)) {}
  now(): number { return this.at; }
  advance(ms: number): void { this.at += ms; }
}
