import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Which statements run as named (prepared) statements on PostgreSQL. A text met `after` times is
 * hot (a route's or a job's own statement, not a one-off): it gets a name derived from its text,
 * and node-postgres then parses it once per connection and only binds and executes it after
 * that, while PostgreSQL keeps its plan (custom for the first five runs, then generic where that
 * costs no more). Parsing and planning the submit's statements was a quarter of the database's
 * CPU per bet (issue 20). At most `max` texts get a name, so a process that builds many distinct
 * texts (IN lists of every length) keeps a bounded set per connection; `seen` counts are dropped
 * when they pass `maxTracked`.
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly limits: { after: number; max: number; maxTracked: number } = {
      after: 3,
      max: 400,
      maxTracked: 5_000,
    },
  ) {}

  /** The name for this text, or undefined while it is not (or may not become) a named statement. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.limits.max) return named;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.limits.after) {
      if (this.seen.size >= this.limits.maxTracked) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const name = `s_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  /** How many texts have a name. */
  get size(): number {
    return this.names.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
}

/**
 * A pg.Client that runs hot statements (StatementNames) as named statements. A statement whose
 * cached plan PostgreSQL can no longer use as it is (`cached plan must not change result type`,
 * after a migration changed a table under a running process) is parsed again under a fresh name
 * on that connection, so one failed call is all it costs.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    private readonly renamed = new Map<string, string>();

    override query(...args: unknown[]): never {
      const [config] = args;
      if (config && typeof config === 'object' && !('submit' in config)) {
        const q = config as QueryConfigLike;
        if (typeof q.text === 'string' && q.name === undefined) {
          const base = names.nameFor(q.text);
          if (base !== undefined) {
            const name = this.renamed.get(base) ?? base;
            args[0] = { ...config, name };
            const result = (super.query as (...a: unknown[]) => unknown)(...args);
            if (result instanceof Promise)
              result.catch((err: unknown) => {
                if (err instanceof Error && /cached plan must not change result type/.test(err.message))
                  this.renamed.set(base, `${base}_${Date.now().toString(36)}`);
              });
            return result as never;
          }
        }
      }
      return (super.query as (...a: unknown[]) => unknown)(...args) as never;
    }
  };
}
