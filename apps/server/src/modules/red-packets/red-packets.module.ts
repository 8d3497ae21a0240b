import type { Core } from '../../core.ts';
import type { Tx } from '../../db/client.ts';
import type { AppConfigService } from '../app-config/index.ts';
import type { BonusService } from '../bonus/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { RedPacketsService } from './red-packets.service.ts';

/** 红包: 红包雨 windows and 口令红包, claimed once per member, split by a committed draw. */
export function createRedPackets(
  c: Core,
  d: {
    idempotency: IdempotencyService;
    bonus: BonusService;
    responsible: ResponsiblePlayService;
    appConfig: AppConfigService;
    operators: OperatorsService;
    changes: ControlChanges;
    approvalThreshold: (tx: Tx) => Promise<bigint>;
    /** The draw seed key (the lottery's): red packet seeds are derived from it. */
    seedKey: Buffer;
  },
) {
  return { redPackets: new RedPacketsService(c.db, c.reads, { ...d, clock: c.clock }) };
}
