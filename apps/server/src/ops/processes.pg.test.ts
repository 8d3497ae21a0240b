import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privateUserChannel } from '@app/shared';
import { migrationsFolder, openDatabase, type Database } from '../db/client.ts';
import { members } from '../modules/accounts/accounts.table.ts';
import { appSettings } from '../modules/app-config/app-config.table.ts';
import { ledgerEntries } from '../modules/ledger/ledger.table.ts';
import { operators } from '../modules/operators/operators.table.ts';
import { SimulatedFeed } from '../modules/sports/feed/simulator.ts';
import { matches, matchMarkets, orders } from '../modules/sports/sports.table.ts';
import { DEMO_LOGIN } from '../seed/demo.ts';
import { wallClock } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { spawnServer, waitReady, type ServerProcess } from '../test/processes.ts';
import { TestSocket } from '../test/socket-client.ts';

/**
 * Several server processes of one deployment, as the operator runs them: real OS processes
 * started from server.ts, booting together on one fresh PostgreSQL database.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

interface Login {
  id: number;
  auth: { authorization: string };
}

async function login(base: string, username: string, password: string): Promise<Login> {
  const res = await fetch(`${base}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { token: string; userinfo: { id: number } } };
  return { id: data.userinfo.id, auth: { authorization: `Bearer ${data.token}` } };
}

/** A socket on `base` subscribed to the member's private channel (signed by `authBase`). */
async function privateSocket(base: string, member: Login, authBase = base): Promise<TestSocket> {
  const socket = await TestSocket.open(base);
  const socketId = await socket.socketId();
  const channel = privateUserChannel(member.id);
  const res = await fetch(`${authBase}/v1/broadcasting/auth`, {
    method: 'POST',
    headers: { ...member.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ channel_name: channel, socket_id: socketId }),
  });
  const { auth } = (await res.json()) as { auth: string };
  await socket.request(
    { event: 'pusher:subscribe', data: { channel, auth } },
    'pusher_internal:subscription_succeeded',
  );
  return socket;
}

const leaders = (servers: ServerProcess[]) =>
  servers.filter((s) => s.logs().some((l) => l.msg === 'this process now runs the background jobs')).length;

describe('three processes booting together on one fresh database, over PostgreSQL and Redis', () => {
  let fresh: FreshPostgres;
  let db: Database;
  const servers: ServerProcess[] = [];
  const started = { at: 0, readyMs: 0 };

  beforeAll(async () => {
    fresh = await createFreshPostgres('boot');
    db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
    const env = {
      DATABASE_URL: fresh.url,
      REDIS_URL,
      REDIS_PREFIX: `prod-test-${randomBytes(4).toString('hex')}`,
      APP_SECRET: randomBytes(16).toString('hex'),
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'true',
      // A compressed sports day: a kick-off every minute, a match over in about 12 s.
      SPORTS_SIM_SPEED: '600',
      SPORTS_SIM_FOOTBALL_INTERVAL_MIN: '1',
      SPORTS_SIM_BASKETBALL_INTERVAL_MIN: '1440',
      SPORTS_SIM_REPEAT_TEAMS: 'true',
      SPORTS_SYNC_BACK_MINUTES: '3',
      SPORTS_SYNC_AHEAD_MINUTES: '5',
      LOTTERY_PERIODS_AHEAD_MINUTES: '1',
    };
    started.at = performance.now();
    servers.push(...(await Promise.all([spawnServer(env), spawnServer(env), spawnServer(env)])));
    await Promise.all(servers.map((s) => waitReady(s, 240_000)));
    started.readyMs = performance.now() - started.at;
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await fresh?.drop();
  });

  it('migrates exactly once, seeds once and elects one job leader', async () => {
    const reports = servers.map((s) =>
      s.logs().find((l) => l.msg === 'migrations applied' || l.msg === 'schema up to date'),
    );
    expect(reports.map((r) => r?.applied).sort()).toEqual([0, 0, journal.entries.length]);
    const result: unknown = await db.db.execute(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const { rows } = result as { rows: Array<{ n: number }> };
    expect(rows[0]?.n).toBe(journal.entries.length);
    expect((await db.db.select({ n: count() }).from(members))[0]?.n).toBe(3);
    expect((await db.db.select({ n: count() }).from(operators))[0]?.n).toBe(2);
    await vi.waitFor(() => expect(leaders(servers)).toBe(1), { timeout: 30_000 });
    console.info(
      `[boot figures] ${servers.length} processes booted together on one fresh database, all ready in ${(
        started.readyMs / 1_000
      ).toFixed(1)} s; migrations applied once (${journal.entries.length}), demo seed once, 1 job leader`,
    );
  });

  it('delivers a bet placed through A as balance.changed on a socket held by B, and settles its match once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const member = await login(a.base, DEMO_LOGIN.username, DEMO_LOGIN.password);
    const socket = await privateSocket(b.base, member);

    // The next football match the simulator will play to the end (the test may peek at the feed).
    const [seedRow] = await db.db.select().from(appSettings).where(eq(appSettings.key, 'sports_sim_seed'));
    const feed = new SimulatedFeed({
      seed: (seedRow!.value as { secret: string }).secret,
      speed: 600,
      footballIntervalMin: 1,
      basketballIntervalMin: 1440,
      repeatTeamsWhenFull: true,
    });
    let match: typeof matches.$inferSelect | undefined;
    await vi.waitFor(
      async () => {
        const upcoming = await db.db
          .select()
          .from(matches)
          .where(
            and(
              eq(matches.sport, 'football'),
              eq(matches.status, 'scheduled'),
              // The spawned servers run on the system clock: "from now" is on theirs.
              gt(matches.kickoffAt, new Date(wallClock.now().getTime() + 4_000)),
            ),
          )
          .orderBy(asc(matches.kickoffAt));
        match = upcoming.find(
          (m) =>
            feed.state(m.externalId, new Date(m.kickoffAt.getTime() + 86_400_000))?.status === 'finished',
        );
        expect(match).toBeDefined();
      },
      { timeout: 60_000, interval: 500 },
    );
    const [market] = await db.db
      .select()
      .from(matchMarkets)
      .where(and(eq(matchMarkets.matchId, match!.id), eq(matchMarkets.playType, 'football.winDrawLose')));

    const res = await fetch(`${a.base}/v1/order/submit`, {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json', 'idempotency-key': 'two-process-bet-1' },
      body: JSON.stringify({
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [{ match_id: match!.id, bet_type: 'winDrawLose', option: 'h', odds: market!.odds.h }],
      }),
    });
    const placed = (await res.json()) as { code: number; message: string; data: { order_no: string } };
    expect(placed).toMatchObject({ code: 200 });
    const frame = await socket.next(
      (f) =>
        f.event === 'balance.changed' &&
        (JSON.parse(f.data as string) as { change_type: string }).change_type === 'bet',
      10_000,
    );
    expect(JSON.parse(frame.data as string)).toMatchObject({ balance: '9998.00', change_amount: '-2.00' });

    // Kick-off within the minute, full time about 12 s later: the leader settles it, and marks
    // the match settled once its orders are (a moment after the last order's transaction).
    await vi.waitFor(
      async () => {
        const [order] = await db.db.select().from(orders).where(eq(orders.orderNo, placed.data.order_no));
        expect(order?.status).not.toBe('pending');
        const [row] = await db.db.select().from(matches).where(eq(matches.id, match!.id));
        expect(row?.settledAt).not.toBeNull();
      },
      { timeout: 150_000, interval: 1_000 },
    );
    const [order] = await db.db.select().from(orders).where(eq(orders.orderNo, placed.data.order_no));
    const payouts = await db.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, member.id), eq(ledgerEntries.type, 'payout')));
    // Settled once: one payout for a win, none for a loss, whichever process did it.
    expect(payouts.length).toBe(order!.status === 'won' ? 1 : 0);
    if (order!.status === 'won') expect(payouts[0]!.amount).toBe(order!.payout);
    const { LedgerService } = await import('../modules/ledger/ledger.service.ts');
    const { EventBus } = await import('../lib/events.ts');
    expect(await new LedgerService(db.db, new EventBus(), wallClock).findInvariantViolations()).toEqual([]);
    socket.close();
  }, 240_000);
});

describe('WORKERS=2 on one machine, without Redis', () => {
  let fresh: FreshPostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    fresh = await createFreshPostgres('workers');
    server = await spawnServer({
      DATABASE_URL: fresh.url,
      WORKERS: '2',
      JOBS_ENABLED: 'true',
      SEED_DEMO: 'true',
    });
    await waitReady(server, 240_000);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await fresh?.drop();
  });

  it('carries a change made on one worker to sockets on both, and sums their metrics in one scrape', async () => {
    const member = await login(server.base, DEMO_LOGIN.username, DEMO_LOGIN.password);
    const sockets = await Promise.all([0, 1, 2, 3].map(() => privateSocket(server.base, member)));
    // One kept-alive connection to each worker (the cluster decides who takes a new connection,
    // so open them until both are held), then a change made through each.
    const byPid = new Map<number, Pinned>();
    for (let tries = 0; byPid.size < 2 && tries < 40; tries++) {
      const pinned = await pinnedConnection(server.base);
      if (byPid.has(pinned.pid)) pinned.close();
      else byPid.set(pinned.pid, pinned);
    }
    expect(byPid.size).toBe(2);
    const UPDATES = byPid.size;
    let i = 0;
    for (const pinned of byPid.values()) {
      const update = await pinned.request('/v1/user/update', member.auth, { nickname: `工人${i++}` });
      expect(update.status).toBe(200);
      pinned.close();
    }
    for (const socket of sockets) {
      await socket.next(
        () => socket.frames.filter((f) => f.event === 'user-info.changed').length === UPDATES,
        10_000,
      );
    }
    const metrics = await (await fetch(`${server.base}/metrics`)).text();
    expect(metrics).toContain('realtime_open_sockets 4');
    for (const socket of sockets) socket.close();
    // Both workers booted; one of them runs the jobs.
    const logs = server.logs();
    const booted = logs.filter((l) => l.msg === 'migrations applied' || l.msg === 'schema up to date');
    expect(new Set(booted.map((l) => l.pid)).size).toBe(2);
    expect(logs.filter((l) => l.msg === 'this process now runs the background jobs').length).toBe(1);
  });
});

interface Pinned {
  pid: number;
  request(
    path: string,
    headers?: Record<string, string>,
    json?: unknown,
  ): Promise<{ status: number; body: unknown }>;
  close(): void;
}

/** A connection of its own, kept alive, and the pid of the worker that holds it. */
async function pinnedConnection(base: string): Promise<Pinned> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (path: string, headers: Record<string, string> = {}, json?: unknown) => {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        {
          method: payload ? 'POST' : 'GET',
          agent,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  const health = await send('/healthz');
  return {
    pid: (health.body as { data: { pid: number } }).data.pid,
    request: send,
    close: () => agent.destroy(),
  };
}

describe('refusing to start, in one line per problem', () => {
  it('names every production problem and exits without a restart loop', async () => {
    const server = await spawnServer({ APP_ENV: 'production' });
    expect(await server.exited).toBe(78);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(7);
    for (const line of lines) expect(line).toMatch(/^refusing to start \(APP_ENV=production\): /);
  }, 90_000);

  it('refuses several workers on the embedded database', async () => {
    const server = await spawnServer({
      WORKERS: '2',
      DATA_DIR: `/tmp/prod-never-${randomBytes(3).toString('hex')}`,
    });
    expect(await server.exited).toBe(78);
    expect(server.output().trim()).toBe(
      'Invalid environment: WORKERS=2 needs PostgreSQL (DATABASE_URL); the embedded PGlite database belongs to one process',
    );
    // A process started through tsx compiles the server first: slow on a busy 2-core machine.
  }, 90_000);
});
