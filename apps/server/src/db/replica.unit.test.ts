import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { ReadReplica, routedDb } from './replica.ts';

const log = { info: () => undefined, warn: () => undefined };
/** Two stand-in databases that say which one answered. */
const named = (name: string) => ({ name, whoAmI: () => name }) as unknown as Db;

function router(lag: () => Promise<number>, maxLagSeconds = 5) {
  const primary = named('primary');
  const replica = { db: named('replica'), close: async () => undefined, lag };
  return new ReadReplica(primary, replica, { maxLagSeconds, checkEveryMs: 1_000 }, log, () => 0);
}

const who = (db: Db) => (db as unknown as { whoAmI(): string }).whoAmI();

describe('read replica router', () => {
  it('reads from the primary until a check has found the replica fit', async () => {
    const r = router(async () => 0.4);
    expect(who(r.db)).toBe('primary');
    expect(await r.check()).toMatchObject({ lagSeconds: 0.4, inUse: true, error: null });
    expect(who(r.db)).toBe('replica');
  });

  it('sets the replica aside past the lag limit or when it does not answer, and takes it back', async () => {
    let lag: number | Error = 1;
    const r = router(async () => {
      if (lag instanceof Error) throw lag;
      return lag;
    });
    const reads = routedDb(r);
    await r.check();
    expect(who(reads)).toBe('replica');
    lag = 5.01;
    expect(await r.check()).toMatchObject({ lagSeconds: 5.01, inUse: false });
    expect(who(reads)).toBe('primary');
    lag = 5;
    await r.check();
    expect(who(reads)).toBe('replica');
    lag = new Error('connect ECONNREFUSED 10.0.0.7:5432');
    expect(await r.check()).toMatchObject({
      lagSeconds: null,
      inUse: false,
      error: 'connect ECONNREFUSED 10.0.0.7:5432',
    });
    expect(who(reads)).toBe('primary');
  });
});
