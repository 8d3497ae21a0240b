import type { Core } from '../../core.ts';
import type { GameRecordsService } from '../games/index.ts';
import { ReportsAdminService } from './admin.service.ts';
import { ReportsService } from './reports.service.ts';

/** Reports: the member's comprehensive report, records and bills; the console's daily report. */
export function createReports(c: Core, d: { gameRecords: GameRecordsService }) {
  return {
    /** Comprehensive report, betting records, bills. */
    reports: new ReportsService(c.db, d.gameRecords),
    reportsAdmin: new ReportsAdminService(c.reads, c.clock),
  };
}
