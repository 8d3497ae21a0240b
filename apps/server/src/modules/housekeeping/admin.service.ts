import { formatFen } from '@app/shared';
import type { HistoryOverview, HistoryTableItem } from '@app/shared/backoffice';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { defaultPartitionRows, MONTHLY_PARTITIONED } from '../../db/partitions.ts';
import type { LedgerArchiveService } from '../ledger/index.ts';
import { archiveCatalogue, childPartitions } from './admin.repo.ts';

/** The ledger's retention: which of its months are past HISTORY_RETENTION_YEARS and still here. */
type LedgerRetention = Pick<LedgerArchiveService, 'dueMonths'>;

/** What the console says when a default partition holds rows. */
export function defaultPartitionWarning(rows: number): string {
  return `默认分区有 ${rows} 行：这些行所属月份写入时还没有分区，该月分区无法自动创建，需运维处理（把这些行移入新建的月分区）`;
}

/**
 * 系统 › 历史归档 (decision 042): the retention settings, each monthly partitioned table's
 * partitions and default partition, the ledger months past retention still in the database and
 * the archive catalogue. It only reads; housekeeping alone creates, archives and drops.
 */
export class HistoryAdminService {
  constructor(
    private readonly reads: Db,
    private readonly settings: AppConfig['housekeeping'],
    private readonly ledgerRetention: LedgerRetention,
  ) {}

  async overview(): Promise<HistoryOverview> {
    const tables: HistoryTableItem[] = [];
    for (const table of MONTHLY_PARTITIONED) tables.push(await this.table(table));
    const due = await this.ledgerRetention.dueMonths();
    const archives = await archiveCatalogue(this.reads);
    return {
      settings: {
        retention_years: this.settings.historyRetentionYears,
        partitions_ahead_months: this.settings.partitionsAheadMonths,
        archive_dir: this.settings.historyArchiveDir ?? null,
      },
      tables,
      past_retention: due.map((p) => ({ table: 'ledger_entries', month: p.month, name: p.name })),
      archives: archives.map((a) => ({
        id: a.id,
        table: a.tableName,
        month: a.month,
        rows: Number(a.rows),
        amount_sum: formatFen(a.amountSum),
        file: a.file,
        sha256: a.sha256,
        bytes: Number(a.bytes),
        archived_at: a.archivedAt.toISOString(),
        archived_by: a.archivedBy,
      })),
    };
  }

  private async table(table: (typeof MONTHLY_PARTITIONED)[number]): Promise<HistoryTableItem> {
    const monthly = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`);
    const children = await childPartitions(this.reads, table);
    const partitions: HistoryTableItem['partitions'] = [];
    let defaultPartition: HistoryTableItem['default_partition'] = null;
    for (const child of children) {
      const m = monthly.exec(child.name);
      if (m) {
        partitions.push({
          name: child.name,
          month: `${m[1]}-${m[2]}`,
          approx_rows: child.approxRows,
          bytes: child.bytes,
        });
      } else if (child.name === `${table}_default`) {
        const rows = await defaultPartitionRows(this.reads, table);
        defaultPartition = {
          name: child.name,
          rows,
          bytes: child.bytes,
          warning: rows > 0 ? defaultPartitionWarning(rows) : null,
        };
      }
    }
    return { table, partitions, default_partition: defaultPartition };
  }
}
