import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './client.ts';

/**
 * A unit of work: the transaction handle plus effects that must run only once it commits
 * (realtime pushes, cache invalidation). A rolled-back transaction runs none of them.
 */
export interface Work {
  tx: Tx;
  afterCommit(effect: () => void | Promise<void>): void;
}

export async function inTransaction<T>(
  db: Db,
  fn: (work: Work) => Promise<T>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<T> {
  const effects: Array<() => void | Promise<void>> = [];
  const result = await db.transaction((tx) => fn({ tx, afterCommit: (effect) => effects.push(effect) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log?.error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}
