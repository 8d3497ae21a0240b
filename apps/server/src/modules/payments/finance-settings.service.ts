import {
  formatFen,
  formatRate,
  formatYuan,
  parseRate,
  parseYuan,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  type PaymentMethodCode,
} from '@app/shared';
import type { FinanceSettingsView, PendingChangeRef } from '@app/shared/backoffice';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { lockSetting, readSetting, writeSetting } from '../app-config/index.ts';
import * as repo from './payments.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const KEY = 'finance_settings';
/** Default of the maker–checker threshold when nothing is stored: 1,000.00 元. */
const DEFAULT_ADJUSTMENT_THRESHOLD = 100_000n;

export interface MethodSetting {
  enabled: boolean;
  sort: number;
  min: bigint;
  max: bigint;
}

/** Finance rules in force, in 分 and rate units. */
export interface FinanceRules {
  usdtDepositRate: bigint;
  usdtWithdrawRate: bigint;
  withdraw: { min: bigint; max: bigint; feeBp: number; feeMin: bigint; feeMax: bigint };
  depositTurnoverHundredths: number;
  adjustmentThreshold: bigint;
  methods: Record<PaymentMethodCode, MethodSetting>;
  updatedAt: Date | null;
}

/** What is stored: strings of 元 and rates, as the operator typed them. */
interface Stored {
  usdt_deposit_rate?: string;
  usdt_withdraw_rate?: string;
  withdraw_min?: string;
  withdraw_max?: string;
  withdraw_fee_bp?: number;
  withdraw_fee_min?: string;
  withdraw_fee_max?: string;
  deposit_turnover_multiple?: string;
  adjustment_approval_threshold?: string;
  payment_methods?: Array<{
    code: PaymentMethodCode;
    enabled: boolean;
    sort: number;
    min_amount: string;
    max_amount: string;
  }>;
}

const fen = (text: string | undefined, fallback: bigint): bigint => {
  if (text === undefined) return fallback;
  const parsed = parseYuan(text);
  return parsed.ok ? parsed.fen : fallback;
};
const hundredths = (multiple: string) => {
  const [whole = '0', frac = ''] = multiple.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
};

/**
 * Finance settings editable at runtime (rates, withdrawal limits and fees, the deposit turnover
 * multiple, payment methods, the adjustment threshold): stored in `app_settings`, read on every
 * use so a change is in force at once in every process, each change audited with before → after.
 * The environment (config.finance) gives the defaults.
 */
export class FinanceSettingsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly operators: OperatorsService,
    private readonly changes: ControlChanges,
  ) {
    changes.register<Stored>({
      kind: 'finance.settings',
      permission: 'finance.settings',
      apply: async (work, patch, ctx) => {
        await this.applyIn(work, patch, ctx.checker, ctx.reason, {
          change_id: ctx.changeId,
          maker_id: ctx.makerId,
        });
      },
    });
  }

  /** The rules in force; inside a transaction pass its handle (PGlite waits forever on the outer one). */
  async rules(handle: Db | Tx = this.db): Promise<FinanceRules> {
    const row = await readSetting(handle, KEY);
    return this.resolve(row?.value ?? {}, row?.updatedAt ?? null);
  }

  /** The USDT deposit rate in force at `at` (a chain transfer's confirmation), by the recorded changes. */
  async usdtDepositRateAt(at: Date): Promise<bigint> {
    return (await repo.usdtRateAt(this.db, at)) ?? (await this.rules()).usdtDepositRate;
  }

  async view(): Promise<FinanceSettingsView> {
    return this.toView(await this.rules());
  }

  /**
   * Saves a change of the finance settings. A change that weakens a money control (see
   * `weakenings`) is not applied: it waits for a second operator (dual-control), and the answer
   * carries the settings still in force and the pending change.
   */
  async update(
    changes: Stored & { reason?: string },
    call: OperatorCall,
  ): Promise<FinanceSettingsView & { pending_change?: PendingChangeRef }> {
    const { reason = '', ...patch } = changes;
    return inTransaction(this.db, async (work) => {
      const stored = (await lockSetting(work.tx, KEY)) as Stored;
      const current = this.resolve(stored, null);
      const next = this.resolve({ ...stored, ...patch }, null);
      this.check({ ...stored, ...patch }, next);
      const weakened = this.weakenings(current, next);
      if (weakened.length === 0) return this.applyIn(work, patch, call, reason);
      const before = this.toView(current);
      const after = this.toView(next);
      const changed = this.changedKeys(patch, before, after);
      const pending = await this.changes.propose(
        work,
        {
          kind: 'finance.settings',
          targetType: 'settings',
          targetId: KEY,
          summary: `放宽财务控制：${weakened.join('；')}`,
          payload: patch,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          reason,
        },
        call,
      );
      return { ...this.toView(await this.rules(work.tx)), pending_change: pending };
    });
  }

  /** Applies a patch over the stored settings (checked again), audited with before → after. */
  private async applyIn(
    work: Work,
    patch: Stored,
    call: { operatorId: number; ip: string },
    reason: string,
    approval?: { change_id: number; maker_id: number },
  ): Promise<FinanceSettingsView> {
    const stored = (await lockSetting(work.tx, KEY)) as Stored;
    const previous = this.resolve(stored, null);
    const before = this.toView(previous);
    const next: Stored = { ...stored, ...patch };
    const rules = this.resolve(next, null);
    this.check(next, rules);
    await writeSetting(work.tx, KEY, next as Record<string, unknown>, this.clock.now());
    // Chain deposits are credited at the rate in force when their block confirmed: keep when it changed.
    if (rules.usdtDepositRate !== previous.usdtDepositRate)
      await repo.recordUsdtRateChange(work.tx, {
        beforeUnits: previous.usdtDepositRate,
        afterUnits: rules.usdtDepositRate,
        effectiveAt: this.clock.now(),
      });
    const after = this.toView(rules);
    const changed = this.changedKeys(patch, before, after);
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'settings.finance',
      targetType: 'settings',
      targetId: KEY,
      reason,
      detail: {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        ...(approval ? { approved_change: approval.change_id, proposed_by: approval.maker_id } : {}),
      },
      ip: call.ip,
    });
    return { ...after, updated_at: this.clock.now().toISOString() };
  }

  private changedKeys(patch: Stored, before: FinanceSettingsView, after: FinanceSettingsView) {
    return (Object.keys(patch) as Array<keyof Stored>).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
  }

  /**
   * What in `next` weakens a money control against `current`, in words: a higher approval
   * threshold or withdrawal maximum, a higher maximum of a deposit method, more 元 per USDT
   * deposited or fewer 元 per USDT withdrawn, a lower deposit turnover multiple. Fees and minimums
   * are prices, not controls.
   */
  weakenings(current: FinanceRules, next: FinanceRules): string[] {
    const out: string[] = [];
    const money = (v: bigint) => `${formatYuan(v)}元`;
    if (next.adjustmentThreshold > current.adjustmentThreshold)
      out.push(`单人审批额度 ${money(current.adjustmentThreshold)} → ${money(next.adjustmentThreshold)}`);
    if (next.withdraw.max > current.withdraw.max)
      out.push(`单笔最高提现 ${money(current.withdraw.max)} → ${money(next.withdraw.max)}`);
    if (next.usdtDepositRate > current.usdtDepositRate)
      out.push(`USDT充值汇率 ${formatRate(current.usdtDepositRate)} → ${formatRate(next.usdtDepositRate)}`);
    if (next.usdtWithdrawRate < current.usdtWithdrawRate)
      out.push(`USDT提现汇率 ${formatRate(current.usdtWithdrawRate)} → ${formatRate(next.usdtWithdrawRate)}`);
    if (next.depositTurnoverHundredths < current.depositTurnoverHundredths)
      out.push(
        `充值打码倍数 ${(current.depositTurnoverHundredths / 100).toFixed(2)} → ${(next.depositTurnoverHundredths / 100).toFixed(2)}`,
      );
    for (const code of PAYMENT_METHOD_CODES) {
      const was = current.methods[code];
      const now = next.methods[code];
      if (now.enabled && now.max > was.max)
        out.push(`${PAYMENT_METHODS[code].name} 单笔最高充值 ${money(was.max)} → ${money(now.max)}`);
    }
    return out;
  }

  private check(stored: Stored, rules: FinanceRules): void {
    if (stored.usdt_deposit_rate !== undefined && !parseRate(stored.usdt_deposit_rate))
      throw refuse('payments.deposit_rate_not_positive');
    if (stored.usdt_withdraw_rate !== undefined && !parseRate(stored.usdt_withdraw_rate))
      throw refuse('payments.withdraw_rate_not_positive');
    const w = rules.withdraw;
    if (w.min <= 0n) throw refuse('payments.withdraw_min_not_positive');
    if (w.min > w.max) throw refuse('payments.withdraw_min_over_max');
    if (w.feeMin > w.feeMax) throw refuse('payments.fee_min_over_max');
    for (const code of PAYMENT_METHOD_CODES) {
      const m = rules.methods[code];
      if (m.min <= 0n)
        throw refuse('payments.method_min_not_positive', { method: PAYMENT_METHODS[code].name });
      if (m.min > m.max) throw refuse('payments.method_min_over_max', { method: PAYMENT_METHODS[code].name });
    }
  }

  private resolve(s: Stored, updatedAt: Date | null): FinanceRules {
    const env = this.config.finance;
    const methods = Object.fromEntries(
      PAYMENT_METHOD_CODES.map((code, i) => {
        const stored = s.payment_methods?.find((m) => m.code === code);
        const def = PAYMENT_METHODS[code];
        return [
          code,
          {
            enabled: stored?.enabled ?? !env.disabledMethods.includes(code),
            sort: stored?.sort ?? i + 1,
            min: fen(stored?.min_amount, def.min),
            max: fen(stored?.max_amount, def.max),
          },
        ];
      }),
    ) as Record<PaymentMethodCode, MethodSetting>;
    return {
      usdtDepositRate: parseRate(s.usdt_deposit_rate ?? '') ?? parseRate(env.usdtDepositRate)!,
      usdtWithdrawRate: parseRate(s.usdt_withdraw_rate ?? '') ?? parseRate(env.usdtWithdrawRate)!,
      withdraw: {
        min: fen(s.withdraw_min, env.withdraw.min),
        max: fen(s.withdraw_max, env.withdraw.max),
        feeBp: s.withdraw_fee_bp ?? env.withdraw.feeBp,
        feeMin: fen(s.withdraw_fee_min, env.withdraw.feeMin),
        feeMax: fen(s.withdraw_fee_max, env.withdraw.feeMax),
      },
      depositTurnoverHundredths:
        s.deposit_turnover_multiple !== undefined
          ? hundredths(s.deposit_turnover_multiple)
          : env.depositTurnoverHundredths,
      adjustmentThreshold: fen(s.adjustment_approval_threshold, DEFAULT_ADJUSTMENT_THRESHOLD),
      methods,
      updatedAt,
    };
  }

  private toView(r: FinanceRules): FinanceSettingsView {
    return {
      usdt_deposit_rate: formatRate(r.usdtDepositRate),
      usdt_withdraw_rate: formatRate(r.usdtWithdrawRate),
      withdraw_min: formatFen(r.withdraw.min),
      withdraw_max: formatFen(r.withdraw.max),
      withdraw_fee_bp: r.withdraw.feeBp,
      withdraw_fee_min: formatFen(r.withdraw.feeMin),
      withdraw_fee_max: formatFen(r.withdraw.feeMax),
      deposit_turnover_multiple: `${Math.floor(r.depositTurnoverHundredths / 100)}.${String(r.depositTurnoverHundredths % 100).padStart(2, '0')}`,
      adjustment_approval_threshold: formatFen(r.adjustmentThreshold),
      payment_methods: PAYMENT_METHOD_CODES.map((code) => ({
        code,
        name: PAYMENT_METHODS[code].name,
        enabled: r.methods[code].enabled,
        sort: r.methods[code].sort,
        min_amount: formatFen(r.methods[code].min),
        max_amount: formatFen(r.methods[code].max),
      })).sort((a, b) => a.sort - b.sort),
      updated_at: r.updatedAt?.toISOString() ?? null,
    };
  }
}
