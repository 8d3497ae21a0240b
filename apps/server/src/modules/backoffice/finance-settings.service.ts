import {
  formatFen,
  formatRate,
  parseRate,
  parseYuan,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  type PaymentMethodCode,
} from '@app/shared';
import type { FinanceSettingsView } from '@app/shared/backoffice';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { OperatorsService } from '../operators/operators.service.ts';
import type { OperatorCall } from './security.service.ts';
import * as repo from './settings.repo.ts';

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
  ) {}

  /** The rules in force; inside a transaction pass its handle (PGlite waits forever on the outer one). */
  async rules(handle: Db | Tx = this.db): Promise<FinanceRules> {
    const row = await repo.readSetting(handle, KEY);
    return this.resolve(row?.value ?? {}, row?.updatedAt ?? null);
  }

  async view(): Promise<FinanceSettingsView> {
    return this.toView(await this.rules());
  }

  async update(changes: Stored & { reason?: string }, call: OperatorCall): Promise<FinanceSettingsView> {
    const { reason = '', ...patch } = changes;
    return inTransaction(this.db, async (work) => {
      const stored = (await repo.lockSetting(work.tx, KEY)) as Stored;
      const before = this.toView(this.resolve(stored, null));
      const next: Stored = { ...stored, ...patch };
      const rules = this.resolve(next, null);
      this.check(next, rules);
      await repo.writeSetting(work.tx, KEY, next as Record<string, unknown>, this.clock.now());
      const after = this.toView(rules);
      const changed = (Object.keys(patch) as Array<keyof Stored>).filter(
        (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      );
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'settings.finance',
        targetType: 'settings',
        targetId: KEY,
        reason,
        detail: {
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        },
        ip: call.ip,
      });
      return { ...after, updated_at: this.clock.now().toISOString() };
    });
  }

  private check(stored: Stored, rules: FinanceRules): void {
    if (stored.usdt_deposit_rate !== undefined && !parseRate(stored.usdt_deposit_rate))
      throw unprocessable('充值汇率须大于0');
    if (stored.usdt_withdraw_rate !== undefined && !parseRate(stored.usdt_withdraw_rate))
      throw unprocessable('提现汇率须大于0');
    const w = rules.withdraw;
    if (w.min <= 0n) throw unprocessable('单笔最低提现须大于0');
    if (w.min > w.max) throw unprocessable('单笔最低提现不能高于最高提现');
    if (w.feeMin > w.feeMax) throw unprocessable('手续费下限不能高于上限');
    for (const code of PAYMENT_METHOD_CODES) {
      const m = rules.methods[code];
      if (m.min <= 0n) throw unprocessable(`${PAYMENT_METHODS[code].name} 单笔最低充值须大于0`);
      if (m.min > m.max) throw unprocessable(`${PAYMENT_METHODS[code].name} 单笔最低充值不能高于最高`);
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
