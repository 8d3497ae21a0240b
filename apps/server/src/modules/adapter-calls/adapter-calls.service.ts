import { addDays, shanghaiDayStart } from '@app/shared';
import {
  ADAPTER_CALL_ADAPTERS,
  ADAPTER_CALL_OUTCOMES,
  type AdapterCallItem,
  type AdapterCallQuery,
} from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { pageCalls } from './adapter-calls.repo.ts';
import type { AdapterCallRow } from './adapter-calls.table.ts';

const label = <T extends Record<string, string>>(labels: T, key: string): string =>
  (labels as Record<string, string>)[key] ?? key;

function toItem(row: AdapterCallRow): AdapterCallItem {
  return {
    id: row.id.toString(),
    adapter: row.adapter,
    adapter_name: label(ADAPTER_CALL_ADAPTERS, row.adapter),
    operation: row.operation,
    method: row.method,
    url: row.url,
    request: row.request,
    status: row.status,
    answer: row.answer,
    duration_ms: row.durationMs,
    outcome: row.outcome,
    outcome_text: label(ADAPTER_CALL_OUTCOMES, row.outcome),
    attempt: row.attempt,
    created_at: row.createdAt.toISOString(),
  };
}

/** The console's view of the calls adapters made (系统 › 外部调用). */
export class AdapterCallsService {
  constructor(private readonly db: Db) {}

  async list(q: AdapterCallQuery): Promise<{ list: AdapterCallItem[]; total: number }> {
    const { rows, total } = await pageCalls(this.db, {
      adapter: q.adapter,
      operation: q.operation,
      outcome: q.outcome,
      from: q.from ? shanghaiDayStart(q.from) : undefined,
      to: q.to ? shanghaiDayStart(addDays(q.to, 1)) : undefined,
      page: q.page,
      pageSize: q.per_page,
    });
    return { list: rows.map(toItem), total };
  }
}
