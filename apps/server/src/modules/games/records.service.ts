import { formatFen, GAME_TYPE_NAMES, type GameRecordStatsView, type GameRecordView } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import * as repo from './games.repo.ts';
import { findGame } from './provider/catalog.ts';
import type { GameProvider } from './provider/provider.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';
import { announceFigures } from '../accounts/index.ts';

export interface RecordQuery {
  start_date?: string | undefined;
  end_date?: string | undefined;
  platform?: string | undefined;
  game_type?: string | undefined;
}

const BATCH = 500;
/** Report days are Beijing days. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * The member's game records: the provider's settled rounds copied into `game_records` by
 * `sync` (a job, and before every read), then listed and summed from our own table.
 */
export class GameRecordsService {
  private syncing: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly provider: GameProvider,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** Copies new rounds from the provider; returns how many were read. One sync at a time per process. */
  sync(): Promise<number> {
    this.syncing ??= this.pull().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async pull(): Promise<number> {
    let read = 0;
    for (;;) {
      const from = await repo.readCursor(this.db, this.provider.code);
      const rounds = await this.provider.fetchRecords(from, BATCH);
      if (!rounds.length) return read;
      const to = rounds[rounds.length - 1]!.seq;
      const rows: repo.NewRecord[] = rounds.map((r) => {
        const game = findGame(r.gameCode);
        return {
          provider: this.provider.code,
          roundId: r.roundId,
          memberId: r.memberId,
          platform: game?.platform ?? 'unknown',
          gameCode: r.gameCode,
          gameName: game?.name ?? r.gameCode,
          gameType: game?.type ?? 'slot',
          bet: r.bet,
          payout: r.payout,
          profit: r.payout - r.bet,
          detail: r.detail,
          playedAt: r.playedAt,
        };
      });
      const stored = await inTransaction(this.db, async (work) => {
        const now = this.clock.now();
        const result = await repo.storeRecords(work.tx, this.provider.code, from, to, rows, now);
        announceFigures(work, this.events, result?.figures ?? []);
        work.afterCommit(() => {
          for (const memberId of result?.memberIds ?? [])
            this.events.emit('member.changed', {
              memberId,
              changedFields: ['totalgame', 'codingvolume'],
              changeType: 'game_rounds',
              at: now,
            });
        });
        return result;
      });
      if (!stored) continue;
      read += rounds.length;
      if (rounds.length < BATCH) return read;
    }
  }

  async list(memberId: number, q: RecordQuery & { page: number; per_page: number }) {
    await this.sync();
    const { rows, total } = await repo.listRecords(this.db, this.filter(memberId, q), q.page, q.per_page);
    return pageOf(
      rows.map((r) => this.view(r)),
      total,
      q,
    );
  }

  async stats(memberId: number, q: RecordQuery): Promise<GameRecordStatsView> {
    await this.sync();
    const s = await repo.recordStats(this.db, this.filter(memberId, q));
    return {
      count: s.count,
      bet: formatFen(s.bet),
      payout: formatFen(s.payout),
      profit: formatFen(s.payout - s.bet),
    };
  }

  async detail(memberId: number, id: number): Promise<GameRecordView> {
    const row = await repo.findRecord(this.db, memberId, id);
    if (!row) throw refuse('games.record_not_found');
    return this.view(row);
  }

  private filter(memberId: number, q: RecordQuery): repo.RecordFilter {
    return {
      memberId,
      ...(q.start_date ? { from: dayStart(q.start_date) } : {}),
      ...(q.end_date ? { to: nextDay(q.end_date) } : {}),
      ...(q.platform ? { platform: q.platform } : {}),
      ...(q.game_type ? { gameType: q.game_type } : {}),
    };
  }

  private view(r: repo.RecordRow): GameRecordView {
    const type = (r.gameType in GAME_TYPE_NAMES ? r.gameType : 'slot') as keyof typeof GAME_TYPE_NAMES;
    return {
      id: r.id,
      round_id: r.roundId,
      platform: r.platform,
      platform_name: this.provider.platforms().find((p) => p.code === r.platform)?.name ?? r.platform,
      game_code: r.gameCode,
      game_name: r.gameName,
      game_type: type,
      bet: formatFen(r.bet),
      payout: formatFen(r.payout),
      profit: formatFen(r.profit),
      played_at: r.playedAt.toISOString(),
      detail: r.detail,
    };
  }
}
