import type { Core } from '../../core.ts';
import type { BonusService } from '../bonus/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { BonusLogsService } from './bonus-logs.service.ts';
import { DEFAULT_REBATE_SOURCES } from './rebate-sources.ts';
import { RebateService } from './rebate.service.ts';
import { VipService } from './vip.service.ts';

/** Rewards: rebates (反水), VIP upgrades and the member's bonus logs. */
export function createRewards(
  c: Core,
  d: {
    ledger: LedgerService;
    idempotency: IdempotencyService;
    bonus: BonusService;
    messages: MessagesService;
    responsible: ResponsiblePlayService;
  },
) {
  return {
    /** Rebates (反水): apply, claim once, records. */
    rebates: new RebateService(
      c.db,
      d.ledger,
      d.idempotency,
      DEFAULT_REBATE_SOURCES,
      c.log,
      c.clock,
      d.responsible,
    ),
    /** VIP upgrades: promotion with each level's bonus paid once (`check`, `sweep`, `idle`). */
    vip: new VipService(c.db, d.bonus, d.messages, c.events, c.log, c.clock),
    /** The member's bonus logs. */
    bonusLogs: new BonusLogsService(c.db),
  };
}
