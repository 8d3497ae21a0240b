import type { Db } from '../db/client.ts';

/**
 * A `Core.reads` that counts: a `Db` over the primary (PGlite has no replica) that answers as the
 * primary does and counts every call made on it (`select`, `execute`, …), so a test sees which
 * requests read through `Core.reads` and which never touch it. Built like `routedDb`
 * (src/db/replica.ts), a proxy that binds each method to the database underneath.
 */
export class CountedReads {
  calls = 0;

  /** The wrapper, for `createTestApp`'s `readsOver`. */
  readonly over = (primary: Db): Db =>
    new Proxy(primary, {
      get: (target, prop) => {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function' || typeof prop === 'symbol' || prop === 'constructor') return value;
        return (...args: unknown[]) => {
          this.calls++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });

  /** How many calls `Core.reads` took while `work` ran (nothing else may run meanwhile). */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; calls: number }> {
    const before = this.calls;
    const result = await work();
    return { result, calls: this.calls - before };
  }
}
