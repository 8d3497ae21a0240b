import {
  LOG_KEEP_PER_MEMBER,
  NETWORK_LOG_CATEGORIES,
  type ClientLogStats,
  type LogUploadBody,
  type StoredClientLog,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './client-logs.repo.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';

const EXPORT_MAX = LOG_KEEP_PER_MEMBER;

function toView(row: repo.ClientLogRow): StoredClientLog {
  return {
    id: row.id,
    client_id: row.clientId,
    timestamp: row.loggedAt.toISOString(),
    level: row.level,
    category: row.category,
    message: row.message,
    data: row.data ?? null,
    platform: row.platform,
    system: row.system,
    version: row.version,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

interface PageArgs {
  page: number;
  per_page: number;
}

/** A member's uploaded client logs (SPEC.md §7 "Logs"): every read and delete is keyed by the member. */
export class ClientLogsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async upload(memberId: number, body: LogUploadBody): Promise<{ accepted: number; duplicates: number }> {
    const device = body.deviceInfo;
    // One batch may repeat an id (a client resending); keep the first.
    const seen = new Set<string>();
    const rows: repo.NewClientLog[] = [];
    for (const entry of body.logs) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      rows.push({
        memberId,
        clientId: entry.id,
        loggedAt: new Date(entry.timestamp),
        level: entry.level,
        category: entry.category,
        message: entry.message,
        data: entry.data ?? null,
        platform: entry.platform ?? device.platform,
        system: entry.system ?? device.system,
        version: entry.version ?? device.version,
      });
    }
    const accepted = await repo.insertLogs(this.db, rows);
    await repo.pruneLogs(this.db, memberId, LOG_KEEP_PER_MEMBER);
    return { accepted, duplicates: body.logs.length - accepted };
  }

  async list(memberId: number, filter: repo.LogFilter, args: PageArgs) {
    const { rows, total } = await repo.listLogs(this.db, memberId, filter, {
      offset: (args.page - 1) * args.per_page,
      limit: args.per_page,
    });
    return pageOf(rows.map(toView), total, args);
  }

  errors(memberId: number, args: PageArgs) {
    return this.list(memberId, { level: 'error' }, args);
  }

  network(memberId: number, args: PageArgs) {
    return this.list(memberId, { categories: NETWORK_LOG_CATEGORIES }, args);
  }

  ios(memberId: number, args: PageArgs) {
    return this.list(memberId, { platform: 'ios' }, args);
  }

  async stats(memberId: number): Promise<ClientLogStats> {
    const s = await repo.logStats(this.db, memberId);
    const byLevel = { debug: 0, info: 0, warn: 0, error: 0 };
    for (const l of s.levels) byLevel[l.level] = l.n;
    return {
      total: s.range?.n ?? 0,
      by_level: byLevel,
      by_platform: s.platforms.map((p) => ({ platform: p.platform, count: p.n })),
      by_category: s.categories.map((c) => ({ category: c.category, count: c.n })),
      first_at: s.range?.first ? new Date(s.range.first).toISOString() : null,
      last_at: s.range?.last ? new Date(s.range.last).toISOString() : null,
    };
  }

  async export(memberId: number) {
    const { rows } = await repo.listLogs(this.db, memberId, {}, { offset: 0, limit: EXPORT_MAX });
    return { exported_at: this.clock.now().toISOString(), count: rows.length, logs: rows.map(toView) };
  }

  async clear(memberId: number): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteLogs(this.db, memberId) };
  }
}
