import { FakeDiscordTimeoutError } from "./errors.ts";

/**
 * Something changed in the fake (a callback, an edit, a new message). Waiters re-check their
 * condition on every change instead of subscribing to precise events: simple, and nothing is missed.
 */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();
  private readonly pendingRejects = new Set<(error: Error) => void>();

  /** Calls the listener on every change until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  waitFor<T>(check: () => T | undefined, timeoutMs: number, description: string): Promise<T> {
    const immediate = check();
    if (immediate !== undefined) return Promise.resolve(immediate);
    return new Promise<T>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        this.pendingRejects.delete(abort);
      };
      const listener = (): void => {
        const value = check();
        if (value === undefined) return;
        finish();
        resolve(value);
      };
      const abort = (error: Error): void => {
        finish();
        reject(error);
      };
      const timer = setTimeout(() => {
        abort(new FakeDiscordTimeoutError(`Timed out after ${timeoutMs} ms waiting for ${description}`));
      }, timeoutMs);
      this.listeners.add(listener);
      this.pendingRejects.add(abort);
    });
  }

  /** Fails every pending waiter (used by close(), so no test hangs on a fake that is gone). */
  abortAll(error: Error): void {
    for (const abort of [...this.pendingRejects]) abort(error);
  }
}
