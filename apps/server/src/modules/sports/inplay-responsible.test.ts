/**
 * 理性投注 at the end of an in-play bet delay (issue 37, point 5): the acceptance checks the member
 * again by the rule their submit obeyed (ResponsiblePlayService.refusalOfPlacedStake), so a
 * time-out or self-exclusion begun during the delay, or a limit the stake no longer fits, refuses
 * the order and refunds it, with the refusal's words as the order's reason. On PostgreSQL the last
 * two tests hold the decision and a self-exclusion against each other: whichever takes the
 * member's row first, the other comes after it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  newMember,
  TEST_START,
  uniqueIp,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  firstInPlayMoment,
  fund,
  oddsOf,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { members, sessions } from '../accounts/accounts.table.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { playLimits } from '../responsible/responsible.table.ts';
import { limitOf, setLimit, startExclusion } from '../responsible/testing.ts';
import { bookOrderExposure } from './book.table.ts';
import { matches } from './sports.table.ts';
import { rowsOf } from '../../db/rows.ts';

const SECOND = 1_000;
const DELAY = 5 * SECOND;
const FUNDS = 1_000_000n;

// Speed 1 (real time), as in inplay.test.ts: a football match is live for about two hours.
const clock = new ManualClock(TEST_START);
let t: TestApp;
/** A moment when `match` takes in-play bets, and still does 20 s later. */
let at: Date;
let match: MatchRow;

beforeAll(async () => {
  t = await createSportsApp({ SPORTS_SIM_SPEED: '1' }, clock);
  const rows = await t.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.feed, t.config.sports.feedName), eq(matches.sport, 'football')));
  ({ at, match } = firstInPlayMoment(t.app.services.sportsFeed, rows, clock.now().getTime()));
}, 120_000);
// Every test starts at `at`, from the feed's word then.
beforeEach(async () => {
  clock.set(at);
  await t.app.services.feedSync.tick(at);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const after = (ms: number) => new Date(at.getTime() + ms);
const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main');

async function member() {
  const m = await newMember(t.app);
  await fund(t, m, FUNDS);
  return m;
}

/** A 胜平负 single on the in-play match, 2元 × `multiple`: the same slip every time. */
async function bet(m: TestMember, multiple = 10) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    multiple,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h'] }],
  });
}

interface Placed {
  order_id: number;
  order_no: string;
}

/** Places the in-play bet: confirming, its stake debited, its decision due after the delay. */
async function confirming(m: TestMember, multiple = 10): Promise<Placed> {
  const res = await bet(m, multiple);
  expect(res.statusCode, res.body).toBe(200);
  const order = body<Placed & { status: string }>(res).data;
  expect(order.status).toBe('confirming');
  return order;
}

/** The order as the member's app shows it. */
async function shown(m: TestMember, orderNo: string) {
  const res = await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${orderNo}/detail` });
  expect(res.statusCode).toBe(200);
  return body<{ status: string; status_text: string; reject_reason: string | null }>(res).data;
}

async function turnover(m: TestMember) {
  const [row] = await t.database.db
    .select({ totalgame: members.totalgame })
    .from(members)
    .where(eq(members.id, m.id));
  return row!.totalgame;
}

const refunds = (m: TestMember) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'bet_refund')));

const sharesOf = (order: Placed) =>
  t.database.db.select().from(bookOrderExposure).where(eq(bookOrderExposure.orderId, order.order_id));

/**
 * Decides the order at the end of its delay and asserts it was refused and refunded in that
 * transaction: the member shown the reason, the stake back, no turnover, the book's share
 * released. Returns the reason.
 */
async function refused(m: TestMember, order: Placed): Promise<string> {
  const decision = await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
  expect(decision?.status).toBe('rejected');
  const reason = decision!.reason!;
  expect(await shown(m, order.order_no)).toMatchObject({
    status: 'rejected',
    status_text: '投注被拒',
    reject_reason: reason,
  });
  expect(await main(m)).toBe(FUNDS);
  expect(await refunds(m)).toHaveLength(1);
  expect(await turnover(m)).toBe(0n);
  expect(await sharesOf(order)).toEqual([]);
  return reason;
}

/** Asserts the order was accepted: pending, its stake kept and counted as turnover. */
async function accepted(m: TestMember, order: Placed, stake: bigint) {
  expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY))).toMatchObject({
    status: 'pending',
    reason: null,
  });
  expect(await shown(m, order.order_no)).toMatchObject({ status: 'pending', reject_reason: null });
  expect(await refunds(m)).toHaveLength(0);
  expect(await turnover(m)).toBe(stake);
}

describe('in-play acceptance checks the member again', () => {
  it('a self-exclusion begun during the bet delay refuses the order, refunded, with its words', async () => {
    const m = await member();
    const order = await confirming(m);
    expect((await startExclusion(t, m, 'exclusion_6m')).statusCode).toBe(200);
    const reason = await refused(m, order);
    // The words a submit gets now: one rule for both paths.
    const now = await bet(m);
    expect(now.statusCode).toBe(403);
    expect(reason).toBe(body(now).message);
    expect(reason).toMatch(/^您已设置自我排除至 .+，期间不能投注、充值或转入$/);
  });

  it('a time-out begun during the bet delay refuses the order the same way', async () => {
    const m = await member();
    const order = await confirming(m);
    expect((await startExclusion(t, m, 'timeout_24h')).statusCode).toBe(200);
    const reason = await refused(m, order);
    expect(reason).toBe(body(await bet(m)).message);
    expect(reason).toMatch(/^您已设置冷静期至 .+，期间不能投注、充值或转入$/);
  });

  it('a stake limit lowered below the stake during the delay refuses the order, naming the limit', async () => {
    const m = await member();
    await setLimit(t, m, 'stake', 'day', '100');
    const order = await confirming(m); // 20元
    await setLimit(t, m, 'stake', 'day', '10'); // lowering takes effect at once
    const reason = await refused(m, order);
    expect(reason).toMatch(/^超出每日投注限额：本期剩余 10\.00 元，将于 .+ 重置$/);
    // The same slip submitted now (its stake refunded) meets the same words.
    expect(body(await bet(m))).toMatchObject({ code: 422, message: reason });
  });

  it('a loss limit lowered below the stake during the delay refuses the order', async () => {
    const m = await member();
    await setLimit(t, m, 'loss', 'week', '1000');
    const order = await confirming(m, 20); // 40元
    await setLimit(t, m, 'loss', 'week', '30');
    const reason = await refused(m, order);
    expect(reason).toMatch(/^超出每周亏损限额：本期剩余 30\.00 元，将于 .+ 重置$/);
  });

  it('accepts a member with nothing changed, without counting the order against their limits twice', async () => {
    const plain = await member();
    await accepted(plain, await confirming(plain), 2_000n);

    // A stake limit the in-play order fills with another bet placed during its delay: the limit
    // counted the waiting order at that submit, so it never went over, and the acceptance counts
    // the order's own stake once.
    const m = await member();
    await setLimit(t, m, 'stake', 'day', '40');
    const order = await confirming(m); // 20元
    const other = await bet(m); // 20元 more, during the delay
    expect(other.statusCode, other.body).toBe(200);
    expect(body(await bet(m, 1))).toMatchObject({ code: 422 });
    const otherOrder = body<Placed>(other).data;
    await accepted(m, order, 2_000n);
    await accepted(m, otherOrder, 4_000n);
    expect(await limitOf(t, m, 'stake', 'day')).toMatchObject({ used: '40.00', remaining: '0.00' });
  });
});

/**
 * On PostgreSQL the decision and a self-exclusion of the same member really race. The decision
 * share-locks the member's row before it reads their exclusions; a self-exclusion locks it FOR
 * UPDATE. Each test holds one of them half-way (a row lock the test's own transaction keeps) and
 * waits until the other is seen waiting for it, so the interleaving is the one named, every run.
 */
// Several connections at once (the test's own transaction holds one): not under TEST_POOL=1.
const racing = process.env.TEST_DB === 'postgres' && !process.env.TEST_POOL;
describe.runIf(racing)('a self-exclusion racing the decision', () => {
  /** The backend that waits for `pid`'s locks, once one does. */
  async function waiterOf(pid: number): Promise<number> {
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const [row] = rowsOf<{ pid: number }>(
        await t.database.db.execute(
          sql`SELECT pid FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`,
        ),
      );
      if (row) return row.pid;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`nothing waited for backend ${pid}`);
  }

  /**
   * Runs `hold` in a transaction of the test's own and keeps it open until `release` is called:
   * what it locked stays locked. Resolves with the transaction's backend pid.
   */
  function holding(hold: (tx: Tx) => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let ready!: (pid: number) => void;
    let failed!: (err: unknown) => void;
    const pid = new Promise<number>((resolve, reject) => ((ready = resolve), (failed = reject)));
    const done = inTransaction(t.database.db, async ({ tx }) => {
      await hold(tx);
      const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
      ready(row!.pid);
      await released;
    });
    // A hold that fails before it is taken says so where the test waits for it.
    done.catch(failed);
    return { pid, release, done };
  }

  it('an exclusion that holds the member first is seen: the decision waits for it and refuses the order', async () => {
    const m = await member();
    const order = await confirming(m);
    // A second login, whose session the exclusion will revoke: the test holds that session's row,
    // so the exclusion's transaction stops there, its member row lock taken, its row inserted.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: m.username, password: m.password },
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
    const held = holding(async (tx) => {
      await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.memberId, m.id))
        .orderBy(desc(sessions.id))
        .limit(1)
        .for('update');
    });
    // The hold is taken before the exclusion starts: raced, the exclusion could take the session
    // row first and the hold would wait for it instead.
    const holder = await held.pid;
    const exclusion = startExclusion(t, m, 'exclusion_6m');
    let decision;
    try {
      const excluder = await waiterOf(holder);
      decision = t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
      // The decision waits for the exclusion's transaction (its member row), not past it.
      expect(await waiterOf(excluder)).toBeGreaterThan(0);
    } finally {
      held.release();
      await held.done;
    }
    expect((await exclusion).statusCode).toBe(200);
    expect(await decision).toMatchObject({ status: 'rejected' });
    expect((await decision)!.reason).toMatch(/^您已设置自我排除至 /);
    expect(await main(m)).toBe(FUNDS);
    expect(await shown(m, order.order_no)).toMatchObject({ status: 'rejected' });
  });

  it('a decision that holds the member first is not overtaken: the exclusion waits for it, and comes after', async () => {
    const m = await member();
    await setLimit(t, m, 'stake', 'month', '10000');
    const order = await confirming(m);
    // The test holds the member's limit row: the decision stops there, the member's row held.
    const held = holding(async (tx) => {
      await tx.select().from(playLimits).where(eq(playLimits.memberId, m.id)).for('update');
    });
    // The hold is taken before the decision starts: raced (a loaded machine, a new connection for
    // the hold), the decision could lock the limit row first and the hold would wait for it.
    const holder = await held.pid;
    const finished: string[] = [];
    const decision = t.app.services.liveAcceptance.decide(order.order_id, after(DELAY)).then((d) => {
      finished.push('decision');
      return d;
    });
    let exclusion;
    try {
      const decider = await waiterOf(holder);
      exclusion = startExclusion(t, m, 'exclusion_6m').then((res) => {
        finished.push('exclusion');
        return res;
      });
      expect(await waiterOf(decider)).toBeGreaterThan(0);
    } finally {
      held.release();
      await held.done;
    }
    expect(await decision).toMatchObject({ status: 'pending' });
    expect((await exclusion).statusCode).toBe(200);
    expect(finished).toEqual(['decision', 'exclusion']);
    expect(await shown(m, order.order_no)).toMatchObject({ status: 'pending' });
    // From then on the exclusion holds: the next bet is refused.
    expect((await bet(m)).statusCode).toBe(403);
  });
});
