import type { Core } from '../../core.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { LotteryAdminService } from './admin.service.ts';
import { LotteryBetsService } from './bets.service.ts';
import { LotteryChaseService } from './chase.service.ts';
import { resolveDrawSeedKey } from './draw-seed.ts';
import { LotteryService } from './lottery.service.ts';
import { LotteryScheduler } from './scheduler.ts';
import { LotterySettlement } from './settlement.service.ts';
import { SyndicateBets } from './syndicate-bets.service.ts';
import { LotteryWalletService } from './wallet.service.ts';

/** The lottery: periods on a schedule with provably fair draws, bets, its wallet, settlement, console. */
export function createLottery(
  c: Core,
  d: {
    ledger: LedgerService;
    idempotency: IdempotencyService;
    messages: MessagesService;
    responsible: ResponsiblePlayService;
    operators: OperatorsService;
    /**
     * 合买 (modules/syndicates, made after this module): told which bets settlement decided.
     * Called only at settlement, once every module is made.
     */
    syndicatePayouts: ConstructorParameters<typeof LotterySettlement>[7];
  },
) {
  const lotterySettlement = new LotterySettlement(
    c.db,
    d.ledger,
    c.broadcaster,
    c.log,
    d.messages,
    c.clock,
    c.events,
    d.syndicatePayouts,
  );
  const lotteryBets = new LotteryBetsService(c.db, d.ledger, d.idempotency, c.clock, d.responsible);
  // The draw seed key: DRAW_SEED_KEY, or (demo) the key file in DATA_DIR made on the first start.
  const seedKey = resolveDrawSeedKey(c.config);
  c.log.info({ source: seedKey.source, keyId: seedKey.id }, 'lottery draw seed key');
  return {
    /** The draw seed key: lottery periods' seeds, and red packets' (derived under their own names). */
    drawSeedKey: seedKey,
    lotterySettlement,
    /** The lottery's clock: periods, 封盘, draws and settlement (`tick(now)` drives it in tests). */
    lotteryScheduler: new LotteryScheduler(c.db, lotterySettlement, c.broadcaster, c.log, c.clock, {
      aheadMs: c.config.lottery.aheadMs,
      seedKey,
    }),
    lottery: new LotteryService(c.db, c.reads, c.clock),
    lotteryBets,
    /** 合买's bets: a plan's lines priced when started, its bets placed when decided. */
    syndicateBets: new SyndicateBets(c.db, d.ledger, c.clock, lotteryBets, c.events),
    /** 追号: chases and their periods (leader job `lottery-chase` places and follows them). */
    lotteryChase: new LotteryChaseService(
      c.db,
      c.reads,
      d.ledger,
      d.idempotency,
      c.clock,
      d.responsible,
      lotteryBets,
      d.messages,
      c.log,
    ),
    lotteryWallet: new LotteryWalletService(c.db, d.ledger, d.idempotency, c.events, c.clock, d.responsible),
    lotteryAdmin: new LotteryAdminService(c.db, c.reads, d.operators, c.clock),
  };
}
