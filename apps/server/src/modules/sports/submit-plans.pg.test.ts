import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../db/tx.ts';
import { createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { openTemplateClone } from '../../test/isolated-database.ts';
import { openMatches } from '../../test/sports-helpers.ts';
import * as orders from './orders.repo.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The submit's reads of a slip's matches run as prepared statements (db/prepared.ts), and
 * PostgreSQL must be able to keep one plan for them: with the id list bound as a plain array it
 * counts the ids on every call, finds its custom plan cheaper than the generic one and plans the
 * statement again each time (a third of a millisecond of the database's CPU per bet for the
 * slip's reads alone). Bound as a sub-select, it switches to the generic plan after its first
 * five custom ones, as pg_prepared_statements counts on the one pooled connection.
 */
let t: TestApp;
beforeAll(async () => {
  const database = await openTemplateClone(1);
  // The feed of createSportsApp, on a database whose pool has one connection.
  t = await createTestApp(
    {
      SPORTS_FEED_NAME: `t-${randomBytes(5).toString('hex')}`,
      SPORTS_SIM_SPEED: '10',
      SPORTS_SYNC_BACK_MINUTES: '120',
      SPORTS_SYNC_AHEAD_MINUTES: '720',
    },
    undefined,
    { database },
  );
  await t.app.services.feedSync.tick();
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function plans(like: string): Promise<{ generic: number; custom: number }> {
  const [row] = rowsOf<{ generic: number; custom: number }>(
    await t.database.db.execute(sql`
      SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
      FROM pg_prepared_statements WHERE statement LIKE ${like}`),
  );
  return row ?? { generic: 0, custom: 0 };
}

describe('the submit reads keep one plan', () => {
  it('slipReads and the match lock switch to the generic plan once prepared', async () => {
    const member = await newMember(t.app);
    const picked = await openMatches(t, 'football', 3);
    // Slips of different sizes: the plan must not depend on how many matches a slip has.
    const slips = [picked.slice(0, 2), picked, picked.slice(0, 1)].map((rows) => rows.map((m) => m.id));
    for (let i = 0; i < 15; i++) {
      const ids = slips[i % slips.length]!;
      const read = await orders.slipReads(t.database.db, member.id, ids, ['winDrawLose']);
      expect(read.matches.map((m) => m.id).sort()).toEqual([...ids].sort());
      expect(read.markets.size).toBe(ids.length);
      const locked = await inTransaction(t.database.db, (work) => orders.lockSubmitMatches(work.tx, ids));
      expect(locked).toHaveLength(ids.length);
    }
    const reads = await plans('%FROM match_markets k%');
    const locks = await plans('%FOR SHARE%');
    // Named on their third run (StatementNames), then five custom plans, then the generic one.
    expect(reads.custom + reads.generic).toBe(13);
    expect(reads.generic).toBeGreaterThanOrEqual(7);
    expect(locks.generic).toBeGreaterThanOrEqual(7);
  });
});
