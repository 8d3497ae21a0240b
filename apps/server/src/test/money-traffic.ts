/**
 * Seeded money traffic for the proofs that break things under it (chaos: backend terminations
 * and SIGKILLs; failover: the primary database host, a server process, the Redis master): many
 * members at once doing what moves money — deposits paid on the gateway's page, sports singles
 * and parlays, lottery transfers, bets and cancels, game transfers, withdrawals with their
 * cancel, review, payout or rejection, rebate claims — each money POST under an Idempotency-Key,
 * sometimes sent twice at once or again later.
 *
 * A request whose answer was lost (a process killed, a connection cut) or answered 503 (the
 * database gone for a moment) is sent again with the same key until it has an answer, to the
 * next server process when there are several, as a load balancer would. Every 2xx answer is
 * noted per key; a key answered with two different business ids is a double.
 */
import { randomBytes } from 'node:crypto';
import { TERMS_VERSION } from '@app/shared';
import type { Db } from '../db/client.ts';
import { findInvariantViolations } from '../modules/ledger/index.ts';
import { uniqueCard } from '../modules/payments/testing.ts';
import {
  depositsOutOfStep,
  memberRowCount,
  negativeWallets,
  openWinDrawLose,
  pendingGameTransfers,
  providerDrift,
} from './proof-db.ts';
import { prng } from '../proofs/openapi.ts';

export interface Answer {
  status: number;
  body: { code: number; message: string; data: Record<string, unknown> | null };
}

export interface Member {
  id: number;
  token: string;
  walletId: number;
}

type Draw = () => number;

export interface TrafficOptions {
  /** The server processes' base URLs, asked on every send (a process may come and go). */
  servers: () => string[];
  /** While set, sends wait for it (a server being restarted). */
  paused?: () => Promise<void> | undefined;
  /** Matches open a minute from now, for the sports operations. */
  openLegs: () => Promise<Array<{ id: number; odds: Record<string, string> }>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A client's pause before sending again after a lost answer or a 503, as an app backs off: the
 * servers are real processes on the system clock, so this paces retries, it waits for no event.
 */
const RETRY_PAUSE_MS = 200;

export class MoneyTraffic {
  /** What the traffic saw of the faults. */
  readonly seen = { lostAnswers: 0, busy: 0 };
  /** Keys acknowledged (2xx) per kind, with the business id each answered. */
  readonly acked = new Map<string, Map<string, string>>();
  readonly doubles: string[] = [];
  /** First answers' statuses per kind. */
  readonly counts = new Map<string, number>();
  /** Acknowledged money writes: when the attempt that got the answer was sent, and answered. */
  readonly moneyAnswers: Array<{ sentAt: number; answeredAt: number }> = [];
  private operatorToken = '';

  constructor(private readonly options: TrafficOptions) {}

  /**
   * One request, sent until it has an answer. `prefer` picks the server a member sticks to; a
   * lost answer or a 503 moves to the next one.
   */
  async send(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; key?: string; prefer?: number } = {},
  ): Promise<Answer> {
    let turn = options.prefer ?? 0;
    for (;;) {
      const paused = this.options.paused?.();
      if (paused) await paused;
      const servers = this.options.servers();
      const base = servers[turn % servers.length]!;
      const sentAt = performance.now();
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
          headers: {
            ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(options.key ? { 'idempotency-key': options.key } : {}),
          },
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        });
        const text = await res.text();
        if (res.status === 503) {
          this.seen.busy += 1;
          turn += 1;
          await sleep(RETRY_PAUSE_MS);
          continue;
        }
        const body = text.startsWith('{')
          ? (JSON.parse(text) as Answer['body'])
          : { code: res.status, message: '', data: null };
        if (options.key && res.status === 200)
          this.moneyAnswers.push({ sentAt, answeredAt: performance.now() });
        return { status: res.status, body };
      } catch {
        this.seen.lostAnswers += 1;
        turn += 1;
        await sleep(RETRY_PAUSE_MS);
      }
    }
  }

  private note(kind: string, key: string, id: string): void {
    const seen = this.acked.get(kind) ?? new Map<string, string>();
    this.acked.set(kind, seen);
    const earlier = seen.get(key);
    if (earlier !== undefined && earlier !== id)
      this.doubles.push(`${kind} ${key}: answered ${earlier}, then ${id}`);
    seen.set(key, id);
  }

  /** Members registered with a payment password and a card of their own; the operator signed in. */
  async setUp(count: number, tag: string): Promise<Member[]> {
    const members: Member[] = [];
    for (let i = 0; i < count; i++) {
      const username = `${tag}x${i}${randomBytes(2).toString('hex')}`.slice(0, 16);
      const reg = await this.send('POST', '/v1/register', {
        prefer: i,
        body: { username, password: 'chaos123', accept_terms: true, terms_version: TERMS_VERSION },
      });
      const data = reg.body.data as { token: string; userinfo: { id: number } };
      const token = data.token;
      await this.send('POST', '/v1/user/set-payment-password', {
        token,
        prefer: i,
        body: {
          payment_password: '135790',
          payment_password_confirmation: '135790',
          login_password: 'chaos123',
        },
      });
      const wallet = await this.send('POST', '/v1/user-wallets', {
        token,
        prefer: i,
        body: { type: 'bank', bank_code: 'CMB', holder_name: '张三', account: uniqueCard() },
      });
      members.push({ id: data.userinfo.id, token, walletId: (wallet.body.data as { id: number }).id });
    }
    const login = await this.send('POST', '/admin/v1/auth/login', {
      body: { username: 'admin', password: 'admin1234' },
    });
    this.operatorToken = (login.body.data as { token: string }).token;
    return members;
  }

  /** The signed-in operator's token (after `setUp`). */
  operator(): string {
    return this.operatorToken;
  }

  /** A money POST under an Idempotency-Key; sometimes sent twice (at once or again later). */
  private async money(
    r: Draw,
    kind: string,
    member: Member,
    path: string,
    body: unknown,
    idOf: (d: Record<string, unknown>) => string,
  ): Promise<Answer> {
    const k = key(r);
    const twice = r() < 0.2;
    const answers = await Promise.all(
      [0, ...(twice ? [1] : [])].map((n) =>
        this.send('POST', path, { token: member.token, body, key: k, prefer: member.id + n }),
      ),
    );
    for (const a of answers)
      if (a.status === 200 && a.body.data) this.note(kind, `${member.id}:${k}`, idOf(a.body.data));
    if (r() < 0.1) {
      const again = await this.send('POST', path, {
        token: member.token,
        body,
        key: k,
        prefer: member.id + 1,
      });
      if (again.status === 200 && again.body.data)
        this.note(kind, `${member.id}:${k}`, idOf(again.body.data));
    }
    const first = `${kind} ${answers[0]!.status}`;
    this.counts.set(first, (this.counts.get(first) ?? 0) + 1);
    return answers[0]!;
  }

  /** Operation kinds by index; 0 (a deposit) comes first for every member so there is money. */
  readonly operations: ReadonlyArray<(m: Member, r: Draw) => Promise<void>> = [
    // A deposit through the gateway: the order, then the payer pays on the hosted page.
    async (m, r) => {
      const res = await this.money(
        r,
        'deposit',
        m,
        '/v1/payment-orders',
        { method: 'bank', amount: amount(r, 100, 800) },
        (d) => String((d['order'] as { id: number }).id),
      );
      const payUrl = res.body.data?.['pay_url'] as string | undefined;
      if (payUrl) await this.send('POST', `${payUrl}/pay`, { prefer: m.id });
    },
    // A sports single or parlay.
    async (m, r) => {
      const legs = await this.options.openLegs();
      if (legs.length < 3) return;
      const parlay = r() < 0.5;
      const chosen = parlay ? legs.slice(0, 3) : [pick(r, legs)];
      const option = pick(r, ['h', 'd', 'a']);
      const selections = chosen.map((l) => ({
        match_id: l.id,
        bet_type: 'winDrawLose',
        option,
        odds: l.odds[option],
      }));
      await this.money(
        r,
        'sports order',
        m,
        '/v1/order/submit',
        parlay
          ? {
              sport_type: 1,
              bet_mode: 'mixed',
              pass_type: '3x1',
              multiple: 1,
              total_amount: '2.00',
              selections,
            }
          : { sport_type: 1, bet_mode: 'single', multiple: 1 + Math.floor(r() * 5), selections },
        (d) => String(d['id']),
      );
    },
    // Lottery: money in, a bet on the open period, sometimes cancelled.
    async (m, r) => {
      await this.money(
        r,
        'lottery transfer',
        m,
        '/v1/game/lottery/transfer-in',
        { amount: amount(r, 10, 60) },
        (d) => JSON.stringify(d['balance'] ?? d),
      );
      const current = await this.send('GET', '/v1/liujiu/lottery/current-expect?code=k3_1m', {
        prefer: m.id,
      });
      const period = (current.body.data as { current: { expect: string; status: string } | null } | null)
        ?.current;
      if (!period || period.status !== 'open') return;
      const bet = await this.money(
        r,
        'lottery bet',
        m,
        '/v1/liujiu/bet/create',
        {
          lottery_code: 'k3_1m',
          expect: period.expect,
          bets: [{ play_code: 'k3_hz', bet_codes: '10,11', multiple: 1 }],
        },
        (d) => (d['bets'] as Array<{ id: number }>).map((b) => b.id).join(','),
      );
      const id = (bet.body.data?.['bets'] as Array<{ id: number }> | undefined)?.[0]?.id;
      if (id && r() < 0.3)
        await this.send('POST', '/v1/liujiu/bet/cancel', { token: m.token, body: { id }, prefer: m.id });
    },
    // Game wallet: in, or everything out.
    async (m, r) => {
      const out = r() < 0.4;
      await this.money(
        r,
        'game transfer',
        m,
        '/v1/game/ng/transfer',
        { type: out ? 'out' : 'in', amount: out ? '0' : amount(r, 5, 50) },
        (d) => String(d['transfer_id']),
      );
    },
    // A withdrawal, then the member cancels it or an operator reviews and pays or rejects it.
    async (m, r) => {
      const res = await this.money(
        r,
        'withdrawal',
        m,
        '/v1/withdraws',
        { wallet_id: m.walletId, amount: amount(r, 100, 200), payment_password: '135790' },
        (d) => String(d['id']),
      );
      const id = res.body.data?.['id'] as number | undefined;
      if (!id) return;
      const decision = r();
      const operator = { token: this.operatorToken, prefer: m.id };
      if (decision < 0.3)
        await this.send('POST', `/v1/withdraws/${id}/cancel`, { token: m.token, prefer: m.id });
      else if (decision < 0.6)
        await this.send('POST', `/admin/v1/withdraws/${id}/reject`, {
          ...operator,
          body: { reason: '混沌测试拒绝' },
        });
      else {
        await this.send('POST', `/admin/v1/withdraws/${id}/review`, { ...operator, body: {} });
        await this.send('POST', `/admin/v1/withdraws/${id}/pay`, { ...operator, body: {} });
      }
    },
    // Rebates: apply, then claim everything.
    async (m, r) => {
      await this.send('POST', '/v1/rebate/apply', { token: m.token, key: key(r), prefer: m.id });
      await this.money(r, 'rebate claim', m, '/v1/rebate/claim-all', undefined, (d) => JSON.stringify(d));
    },
  ];

  /**
   * The plan of a seed: which operation, by whom, in what order (each member works through its
   * own queue). Each operation draws from its own generator, seeded by the run's seed and its
   * place in the plan, so the plan is the same on every run of a seed however members interleave.
   */
  plan(seed: number, operations: number, members: number): Array<Array<{ index: number; kind: number }>> {
    const rand = prng(seed);
    const weights = [3, 4, 3, 2, 2, 1];
    const table = weights.flatMap((w, i) => Array<number>(w).fill(i));
    const queues = Array.from({ length: members }, () => [] as Array<{ index: number; kind: number }>);
    for (let index = 0; index < operations; index++) {
      const owner = index < members ? index : Math.floor(rand() * members);
      queues[owner]!.push({ index, kind: index < members ? 0 : pick(rand, table) });
    }
    return queues;
  }

  /** Runs the plan; `before(index)` runs ahead of each operation (the faults of the run). */
  async run(
    seed: number,
    members: Member[],
    queues: Array<Array<{ index: number; kind: number }>>,
    before: (index: number) => Promise<void> = async () => undefined,
  ): Promise<void> {
    await Promise.all(
      members.map(async (m, i) => {
        for (const { index, kind } of queues[i]!) {
          await before(index);
          await this.operations[kind]!(m, prng(seed * 1_000_003 + index));
        }
      }),
    );
  }

  /** Everything the money must satisfy after the run, as figures (0 / [] when right). */
  async verdict(db: Db, members: Member[]) {
    const ids = members.map((m) => m.id);
    const exact: Array<[string, number, number]> = [
      ['deposit', await memberRowCount(db, 'payment_orders', ids), this.acked.get('deposit')?.size ?? 0],
      ['sports order', await memberRowCount(db, 'orders', ids), this.acked.get('sports order')?.size ?? 0],
      ['withdrawal', await memberRowCount(db, 'withdrawals', ids), this.acked.get('withdrawal')?.size ?? 0],
      [
        'lottery bet',
        await memberRowCount(db, 'lottery_bets', ids),
        [...(this.acked.get('lottery bet')?.values() ?? [])].reduce(
          (n, bets) => n + bets.split(',').length,
          0,
        ),
      ],
    ];
    const mismatches = exact
      .filter(([, rows, keys]) => rows !== keys)
      .map(([k, rows, keys]) => `${k}: ${rows} rows for ${keys} acknowledged keys`);
    // Deposits credited exactly once: one deposit entry per paid order, none for another.
    const depositEntries = await depositsOutOfStep(db, ids);
    if (depositEntries)
      mismatches.push(`${depositEntries} deposits whose credit does not match their status`);
    return {
      violations: await findInvariantViolations(db),
      negatives: await negativeWallets(db),
      doubles: this.doubles,
      mismatches,
      pendingTransfers: await pendingGameTransfers(db),
      /** The provider holds what the ledger moved to it. */
      drift: await providerDrift(db, ids),
    };
  }

  /**
   * Seconds from `at` (a fault) to the first acknowledged money write whose attempt was sent
   * after it: how long members could not move money; null while none has come.
   */
  outageSince(at: number): number | null {
    const after = this.moneyAnswers.filter((a) => a.sentAt > at).map((a) => a.answeredAt);
    return after.length ? Math.round((Math.min(...after) - at) / 100) / 10 : null;
  }

  /** The report's rows about the traffic. */
  summary(): Array<[string, string | number]> {
    return [
      ['answers lost and sent again', this.seen.lostAnswers],
      ['503 answers sent again', this.seen.busy],
      ['acknowledged keys', [...this.acked].map(([k, v]) => `${k} ${v.size}`).join(', ')],
      [
        'answers',
        [...this.counts]
          .sort()
          .map(([k, n]) => `${k}×${n}`)
          .join(', '),
      ],
    ];
  }
}

/**
 * The environment of a server process carrying the traffic, beside its database and secrets: jobs
 * on, the demo seeded (the operator signs in as admin), and a compressed sports day — a kick-off
 * every minute, a match over in about 12 s — so orders settle while the traffic runs.
 */
export function trafficServerEnv(): Record<string, string> {
  return {
    APP_SECRET: randomBytes(16).toString('hex'),
    PAYMENT_GATEWAY_SECRET: randomBytes(16).toString('hex'),
    JOBS_ENABLED: 'true',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SPORTS_SIM_SPEED: '600',
    SPORTS_SIM_FOOTBALL_INTERVAL_MIN: '1',
    SPORTS_SIM_REPEAT_TEAMS: 'true',
    SPORTS_SYNC_BACK_MINUTES: '3',
    // Two hours of fixtures ahead (120 kick-offs) rather than three days (4,320): the first feed
    // pass, which runs before the server listens, stays a few seconds on a busy machine.
    SPORTS_SYNC_AHEAD_MINUTES: '120',
    DEPOSIT_TURNOVER_MULTIPLE: '0',
    GAME_RECONCILE_AFTER_MS: '2000',
    GAME_RECONCILE_INTERVAL_MS: '1000',
    // Every member of the run comes from one address.
    REGISTER_PER_HOUR: '100000',
    PUBLIC_POST_PER_MINUTE: '100000',
  };
}

/** The report's rows of a verdict. */
export function verdictRows(
  v: Awaited<ReturnType<MoneyTraffic['verdict']>>,
): Array<[string, string | number]> {
  return [
    ['ledger drift (invariant violations)', v.violations.length],
    ['negative balances', v.negatives],
    ['doubles (a key answered two ways)', v.doubles.length],
    ['rows ≠ acknowledged keys', v.mismatches.length ? v.mismatches.join('; ') : 0],
    ['game transfers left pending', v.pendingTransfers],
    ['members whose provider balance ≠ ledger', v.drift],
  ];
}

/** Matches still open a minute from now on the servers' clock, read again when a read is cut. */
export function openLegsOf(db: Db, now: () => Date): TrafficOptions['openLegs'] {
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await openWinDrawLose(db, new Date(now().getTime() + 60_000), 8);
      } catch (err) {
        if (attempt > 50) throw err;
        await sleep(RETRY_PAUSE_MS);
      }
    }
  };
}

const pick = <T>(r: Draw, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const amount = (r: Draw, min: number, max: number) => `${Math.floor(min + r() * (max - min))}.00`;
const key = (r: Draw) =>
  `chaos-${Math.floor(r() * 2 ** 48).toString(36)}-${Math.floor(r() * 2 ** 48).toString(36)}`;
