/**
 * The simulator never produces a 赛果更正提醒: its state of a match is a function of the time, so
 * what it says of a settled match later is what we settled on (finished or called off). The
 * 竞彩 case, where the provider corrects a result, is adapters/sporttery/sporttery-corrections.test.ts.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedResultCorrections, matches } from '../../db/schema.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSportsApp, finish, openMatches } from '../../test/sports-helpers.ts';

let t: TestApp;
// The called-off match may come from days ahead of the others (openMatches looks up to a week on
// when the synced window has none): the comparison window covers them all.
const RECHECK_HOURS = 14 * 24;
beforeAll(async () => {
  t = await createSportsApp({ SPORTS_RESULT_RECHECK_HOURS: String(RECHECK_HOURS) });
});
afterAll(() => t.close());

describe('the simulator and 赛果更正提醒', () => {
  it('compares every settled match on later passes and records nothing', async () => {
    const rows = [
      ...(await openMatches(t, 'football', 3)),
      ...(await openMatches(t, 'basketball', 2)),
      ...(await openMatches(t, 'football', 1, 'cancelled')),
    ];
    await finish(t, rows);
    const last = Math.max(...rows.map((m) => m.kickoffAt.getTime()));
    const first = Math.min(...rows.map((m) => m.kickoffAt.getTime()));
    expect(last + 50 * 3_600_000 - first).toBeLessThan(RECHECK_HOURS * 3_600_000);
    for (const hours of [25, 30, 48]) await t.app.services.feedSync.tick(new Date(last + hours * 3_600_000));
    const settled = await t.database.db
      .select({ id: matches.id, status: matches.status })
      .from(matches)
      .where(
        and(
          inArray(
            matches.id,
            rows.map((m) => m.id),
          ),
          isNotNull(matches.settledAt),
        ),
      );
    expect(settled.map((m) => m.status).sort()).toEqual([
      'cancelled',
      'finished',
      'finished',
      'finished',
      'finished',
      'finished',
    ]);
    expect(await t.app.services.feedSync.checkSettledResults(new Date(last + 50 * 3_600_000))).toBe(0);
    expect(await t.database.db.select().from(feedResultCorrections)).toEqual([]);

    // The same pass does see a difference (any feed): our books say otherwise for one match.
    const target = settled.find((m) => m.status === 'finished')!;
    await t.database.db
      .update(matches)
      .set({ result: { status: 'cancelled' } })
      .where(eq(matches.id, target.id));
    expect(await t.app.services.feedSync.checkSettledResults(new Date(last + 50 * 3_600_000))).toBe(1);
    expect(await t.database.db.select().from(feedResultCorrections)).toMatchObject([
      { matchId: target.id, status: 'pending', before: { status: 'cancelled' } },
    ]);
  });
});
