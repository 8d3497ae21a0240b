import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { inTransaction } from './tx.ts';

/**
 * The embedded database runs its statements in the server's own thread. Requests waiting for it
 * must not keep the event loop from reading sockets and firing timers until every one of them is
 * done (db/client.ts, withoutQueryParsers).
 */
describe('embedded PGlite and the event loop', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });

  afterAll(async () => {
    await database.close();
  });

  it('lets a due timer run while many requests still have statements to go', async () => {
    const requests = 50;
    const rounds = 4;
    let finished = 0;
    // Each request: a read, then a transaction of two statements, a few times over.
    const work = Array.from({ length: requests }, async () => {
      for (let round = 0; round < rounds; round++) {
        await database.db.execute(sql`SELECT 1`);
        await inTransaction(database.db, async ({ tx }) => {
          await tx.execute(sql`SELECT 2`);
          await tx.execute(sql`SELECT 3`);
        });
        finished++;
      }
    });
    // Stands for a socket with a request to read: due at once, it must get its turn early.
    const finishedWhenTheTimerRan = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(finished), 0),
    );
    await Promise.all(work);
    expect(finished).toBe(requests * rounds);
    expect(finishedWhenTheTimerRan).toBeLessThan((requests * rounds) / 2);
  });

  it('lets a due timer run in the middle of a long transaction', async () => {
    const statements = 200;
    let ran = 0;
    const work = inTransaction(database.db, async ({ tx }) => {
      for (let i = 0; i < statements; i++) {
        await tx.execute(sql`SELECT 1`);
        ran++;
      }
    });
    const ranWhenTheTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(ran), 0));
    await work;
    expect(ran).toBe(statements);
    expect(ranWhenTheTimerRan).toBeLessThan(statements / 2);
  });
});
