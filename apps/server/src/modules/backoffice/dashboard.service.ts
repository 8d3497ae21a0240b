import { addDays, shanghaiDay, shanghaiDayStart } from '@app/shared';
import { OPERATOR_CHANNEL, PENDING_CHANGED_EVENT, type PendingCounts } from '@app/shared/backoffice';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { signSubscription } from '../realtime/index.ts';
import { dayFiguresOf, daysOf } from '../reports/index.ts';
import type { SelfCheckState } from '../../ops/integrity/self-check.ts';
import * as repo from './dashboard.repo.ts';
import { gameSumsByDay, ledgerSumsByDay, memberCountsByDay } from '../reports/index.ts';

/** A member counts as online when their app reported within this window (2.5 heartbeats). */
const ONLINE_WINDOW_MS = 5 * 60_000;

/** The dashboard's figures: today and the last days, online members, the work queues. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The answering process's software self-check (ops/integrity). */
    private readonly integrity: () => SelfCheckState,
  ) {}

  async dashboard(days: number) {
    const now = this.clock.now();
    const today = shanghaiDay(now);
    const fromDay = addDays(today, -(days - 1));
    const range = { from: shanghaiDayStart(fromDay), to: shanghaiDayStart(addDays(today, 1)) };
    const [ledger, games, counts, online, pending] = await Promise.all([
      ledgerSumsByDay(this.db, range),
      gameSumsByDay(this.db, range),
      memberCountsByDay(this.db, range),
      repo.onlineCount(this.db, new Date(now.getTime() - ONLINE_WINDOW_MS)),
      repo.pendingCounts(this.db),
    ]);
    const figures = dayFiguresOf(daysOf(fromDay, today), { ledger, games, ...counts });
    const { duration_ms: _ms, bytes: _bytes, ...integrity } = this.integrity();
    return { today: figures[figures.length - 1]!, days: figures, online_now: online, pending, integrity };
  }
}

/**
 * Live pending counts for the console, on the private operator channel. Any change that may
 * move a queue asks for a recount (debounced); the recount is published only when it differs,
 * and a slow sweep catches what no event reports (a USDT hash submitted, an application made).
 */
export class PendingWorkService {
  private last = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    /**
     * The counts a console asks for when it opens (Core.reads). The recounts it is pushed read the
     * primary: one follows the commit that asked for it, and two sources would make a badge flicker.
     */
    private readonly reads: Db,
    private readonly config: AppConfig,
    private readonly broadcaster: Broadcaster,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(events: EventBus): void {
    this.stops.push(events.on('wallet.changed', () => this.changed()));
    this.stops.push(events.on('member.changed', () => this.changed()));
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.timer) clearTimeout(this.timer);
  }

  /** Something that may move a queue committed: recount soon (many changes, one recount). */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.publish().catch((err: unknown) => this.log.warn({ err }, 'pending counts failed'));
    }, 200);
    this.timer.unref();
  }

  /** The counts for a console that opens; it follows the pushes from then on. */
  counts(): Promise<PendingCounts> {
    return repo.pendingCounts(this.reads);
  }

  /** Recounts and publishes when the counts moved (the job calls it on its interval). */
  async publish(): Promise<void> {
    const counts = await repo.pendingCounts(this.db);
    const key = JSON.stringify(counts);
    if (key === this.last) return;
    this.last = key;
    await this.broadcaster.publish(OPERATOR_CHANNEL, PENDING_CHANGED_EVENT, counts);
  }

  authorize(socketId: string): { auth: string } {
    const { appKey, appSecret } = this.config.realtime;
    return { auth: signSubscription(appKey, appSecret, socketId, OPERATOR_CHANNEL) };
  }
}
