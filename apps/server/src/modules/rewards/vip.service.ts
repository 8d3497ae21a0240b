import type { FastifyBaseLogger } from 'fastify';
import { formatYuan, type LedgerType, VIP_LEVELS, vipLevelsToReach } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { EventBus } from '../../lib/events.ts';
import { lockMember, updateMember } from '../accounts/index.ts';
import type { BonusService } from '../bonus/index.ts';
import { lockWallet } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import * as repo from './rewards.repo.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Ledger types after which a member's paysum or totalgame may have grown and the write did not
 * say by how much: deposits (paysum). Turnover (bets, in-play acceptance, lottery settlement,
 * game rounds) announces the figures it left (`member.figures`): those are checked without
 * reading the member again, and most bets, which reach no level, cost the check nothing.
 * Payouts and settled orders change neither figure (sports turnover counts when the bet is
 * placed), so they trigger no check: a big match's settlement is not followed by a read per
 * member.
 */
const TRIGGERS = new Set<LedgerType>(['deposit']);
const SWEEP_BATCH = 200;

export interface PromotionResult {
  memberId: number;
  from: number;
  to: number;
  /** Levels whose upgrade bonus this check paid. */
  paidLevels: number[];
}

/**
 * VIP upgrades: a member whose paysum and totalgame reach a level is promoted, several levels
 * at once if need be, each level paying its upgrade bonus once (bonus reference
 * `vip-upgrade:<member>:<level>`). Checked after committed deposits, after turnover whose
 * announced figures reach a level (`member.figures`), and by a periodic sweep for anything an
 * event missed.
 */
export class VipService {
  private readonly running = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly bonus: BonusService,
    private readonly messages: MessagesService,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly clock: Clock,
  ) {}

  /** Listens to committed money events; returns the unsubscribe. */
  start(): () => void {
    const offs = [
      this.events.on('wallet.changed', (e) => {
        if (TRIGGERS.has(e.type)) this.schedule(e.memberId);
      }),
      this.events.on('member.figures', (e) => {
        if (vipLevelsToReach(e.vipLevel, e.paysum, e.totalgame).length > 0) this.schedule(e.memberId);
      }),
    ];
    return () => offs.forEach((off) => off());
  }

  /** One check per member at a time; events arriving meanwhile run one more check after it. */
  schedule(memberId: number): void {
    if (this.running.has(memberId)) {
      this.again.add(memberId);
      return;
    }
    const run = this.check(memberId)
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, memberId }, 'vip upgrade check failed'))
      .finally(() => {
        this.running.delete(memberId);
        if (this.again.delete(memberId)) this.schedule(memberId);
      });
    this.running.set(memberId, run);
  }

  /** Resolves once no scheduled check is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /** Promotes every member whose figures reach a higher level; returns how many were promoted. */
  async sweep(): Promise<number> {
    let promoted = 0;
    for (;;) {
      const ids = await repo.membersBelowTheirLevel(this.db, VIP_LEVELS, SWEEP_BATCH);
      let changed = 0;
      for (const id of ids) {
        try {
          if (await this.check(id)) changed += 1;
        } catch (err) {
          this.log.error({ err, memberId: id }, 'vip upgrade sweep failed for a member');
        }
      }
      promoted += changed;
      if (ids.length < SWEEP_BATCH || changed === 0) return promoted;
    }
  }

  /** Promotes the member as far as their figures reach; idempotent. */
  async check(memberId: number): Promise<PromotionResult | null> {
    // Most checks (every bet) find nothing: decide that without a transaction or a lock.
    const snapshot = await repo.vipFiguresOf(this.db, memberId);
    if (!snapshot || vipLevelsToReach(snapshot.vipLevel, snapshot.paysum, snapshot.totalgame).length === 0) {
      return null;
    }
    return inTransaction(
      this.db,
      async (work) => {
        // Wallet before member: the order every bet and deposit takes its locks in.
        await lockWallet(work.tx, memberId, 'main');
        const member = await lockMember(work.tx, memberId);
        if (!member) return null;
        const levels = vipLevelsToReach(member.vipLevel, member.paysum, member.totalgame);
        const top = levels.at(-1);
        if (!top) return null;
        const paidLevels: number[] = [];
        // A member in a time-out or self-exclusion is promoted, but the level's gift is not paid
        // (then or later) and no congratulation, a marketing message, reaches them.
        for (const level of levels) {
          let bonusLogId: number | null = null;
          let bonus = level.upgradeBonus;
          if (level.upgradeBonus > 0n) {
            const granted = await this.bonus.grant(work, {
              memberId,
              type: 'vip_upgrade',
              amount: level.upgradeBonus,
              reference: `vip-upgrade:${memberId}:${level.level}`,
              title: `${level.name}晋级礼金`,
              remark: `晋级${level.name}`,
            });
            if (granted.excluded) {
              bonus = 0n;
            } else {
              bonusLogId = granted.log.id;
              if (!granted.duplicate) paidLevels.push(level.level);
            }
          }
          await repo.insertVipUpgrade(work.tx, {
            memberId,
            fromLevel: member.vipLevel,
            level: level.level,
            bonus,
            bonusLogId,
          });
        }
        const now = this.clock.now();
        await updateMember(work.tx, memberId, { vipLevel: top.level }, now);
        const total = levels.reduce((a, l) => a + l.upgradeBonus, 0n);
        await this.messages.send(work, {
          memberId,
          type: 'system',
          title: `恭喜您晋级${top.name}`,
          content:
            levels.length > 1
              ? `您已从VIP${member.vipLevel}连升${levels.length}级至${top.name}，晋级礼金共${formatYuan(total)}元已发放到您的账户。`
              : `您已晋级${top.name}，晋级礼金${formatYuan(total)}元已发放到您的账户，返水比例同步提升。`,
          link: '/minePages/vip',
          dedupeKey: `vip-upgrade:${memberId}:${top.level}`,
          promotional: true,
        });
        work.afterCommit(() =>
          this.events.emit('member.changed', {
            memberId,
            changedFields: ['vip_level'],
            changeType: 'vip_upgrade',
            at: now,
          }),
        );
        return { memberId, from: member.vipLevel, to: top.level, paidLevels };
      },
      this.log,
    );
  }
}
