import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** "10" or "10.5" USDT → cents. */
const parseUsdtCents = (text: string): bigint => {
  const [whole = '0', cents = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
};

/** Finance defaults the runtime settings start from: the gateway secret, USDT, limits and fees. */
export const financeConfig = configPart(
  {
    /** Payment gateway merchant secret (HMAC of callbacks); default: a per-deployment secret kept in app_settings. */
    PAYMENT_GATEWAY_SECRET: z.string().min(16).optional(),
    /**
     * Reconciliation of lost notifications: a gateway order still pending this many minutes after
     * it was opened is asked for at the gateway (its order query), again every
     * PAYMENT_RECONCILE_REASK_MIN, for PAYMENT_RECONCILE_WINDOW_HOURS after it was opened.
     */
    PAYMENT_RECONCILE_AFTER_MIN: z.coerce.number().int().min(1).max(1_440).default(10),
    PAYMENT_RECONCILE_REASK_MIN: z.coerce.number().int().min(1).max(1_440).default(5),
    PAYMENT_RECONCILE_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    /** How often the leader looks for such orders. */
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
    /**
     * USDT-TRC20 deposits: `manual` (the default: the member submits the transfer's hash, an
     * operator confirms) or `trongrid` (each member gets an address derived from TRON_XPUB, and
     * confirmed transfers to it are credited by themselves; src/adapters/trongrid/README.md).
     */
    USDT_DEPOSITS: z.enum(['manual', 'trongrid']).default('manual'),
    /** The account xpub of m/44'/195'/0' (an xprv is refused). */
    TRON_XPUB: z.string().min(100).max(120).optional(),
    TRONGRID_API_KEY: z.string().min(8).max(100).optional(),
    TRONGRID_URL: z.url().optional(),
    /** The USDT contract (default mainnet's, TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). */
    USDT_CONTRACT: z
      .string()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
      .optional(),
    /** Transfers below this many USDT are logged and not credited (dust, address poisoning). */
    USDT_CHAIN_MIN: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/)
      .default('10'),
    /** How often the leader reads the watched addresses, and for how long after the member last opened the deposit page an address is watched. */
    USDT_WATCH_INTERVAL_MS: z.coerce.number().int().min(1_000).default(15_000),
    USDT_WATCH_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(72),
    /**
     * Blocks a transfer (deposit or withdrawal payment) must be deep before it counts: 19 (TRON's
     * solidification, at least 19 of the 27 SRs) by default; more counts head − block + 1.
     */
    USDT_CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(100_000).default(19),
    /** Minutes a withdrawal's entered transaction id may stay not found on chain before it is refused. */
    USDT_PAY_NOT_FOUND_MIN: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /** 元 per USDT for deposits and withdrawals: exact decimals, at most 4 places. */
    USDT_DEPOSIT_RATE: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,4})?$/)
      .default('7.2000'),
    USDT_WITHDRAW_RATE: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,4})?$/)
      .default('7.1000'),
    /** The house's USDT receiving addresses. */
    USDT_TRC20_ADDRESS: z.string().default('TMUihoywteh2FbqxifCVYU5t1Kuc5Yquf2'),
    USDT_ERC20_ADDRESS: z.string().default('0x56516c167ecee7085f8e8ecba7f4e4a11ee8a06d'),
    /** 打码量 a deposit requires, as a multiple of it (1 = bet the deposit once before withdrawing). */
    DEPOSIT_TURNOVER_MULTIPLE: z.coerce.number().min(0).max(100).default(1),
    /** Deposit methods switched off (comma-separated codes, e.g. "wechat,usdt_erc20"). */
    PAYMENT_METHODS_DISABLED: z.string().default(''),
    /** Withdrawal limits in 元 and the fee: rate in basis points of the amount, clamped to min/max 元. */
    WITHDRAW_MIN: z.coerce.number().int().min(1).default(100),
    WITHDRAW_MAX: z.coerce.number().int().min(1).default(50_000),
    WITHDRAW_FEE_BP: z.coerce.number().int().min(0).max(10_000).default(0),
    WITHDRAW_FEE_MIN: z.coerce.number().int().min(0).default(0),
    WITHDRAW_FEE_MAX: z.coerce.number().int().min(0).default(50),
  },
  (e) => ({
    finance: {
      gatewaySecret: e.PAYMENT_GATEWAY_SECRET,
      usdtChain: {
        mode: e.USDT_DEPOSITS,
        xpub: e.TRON_XPUB,
        apiKey: e.TRONGRID_API_KEY,
        url: e.TRONGRID_URL,
        contract: e.USDT_CONTRACT,
        /** USDT cents. */
        minCents: parseUsdtCents(e.USDT_CHAIN_MIN),
        intervalMs: e.USDT_WATCH_INTERVAL_MS,
        watchMs: e.USDT_WATCH_HOURS * 3_600_000,
        /** Blocks a transfer needs (19 = solidified, what only_confirmed lists). */
        confirmations: e.USDT_CHAIN_CONFIRMATIONS,
        /** How long a withdrawal's transaction id may stay not found on chain before it is refused. */
        payNotFoundMs: e.USDT_PAY_NOT_FOUND_MIN * 60_000,
      },
      reconcile: {
        afterMs: e.PAYMENT_RECONCILE_AFTER_MIN * 60_000,
        everyMs: e.PAYMENT_RECONCILE_REASK_MIN * 60_000,
        withinMs: e.PAYMENT_RECONCILE_WINDOW_HOURS * 3_600_000,
        intervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      },
      usdtDepositRate: e.USDT_DEPOSIT_RATE,
      usdtWithdrawRate: e.USDT_WITHDRAW_RATE,
      usdtAddresses: { TRC20: e.USDT_TRC20_ADDRESS, ERC20: e.USDT_ERC20_ADDRESS },
      /** Hundredths of a multiple (100 = 1×). */
      depositTurnoverHundredths: Math.round(e.DEPOSIT_TURNOVER_MULTIPLE * 100),
      disabledMethods: e.PAYMENT_METHODS_DISABLED.split(',')
        .map((m) => m.trim())
        .filter(Boolean),
      withdraw: {
        min: BigInt(e.WITHDRAW_MIN) * 100n,
        max: BigInt(e.WITHDRAW_MAX) * 100n,
        feeBp: e.WITHDRAW_FEE_BP,
        feeMin: BigInt(e.WITHDRAW_FEE_MIN) * 100n,
        feeMax: BigInt(e.WITHDRAW_FEE_MAX) * 100n,
      },
    },
  }),
);
