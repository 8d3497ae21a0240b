/**
 * 红包: how a red packet's budget is split into its packets, by a draw committed before anyone
 * can claim, verifiable afterwards as the lottery's draws are (fair-draw.ts):
 *
 *   commitment = SHA-256(seed)                        published when the packet is scheduled
 *   bytes      = HMAC-SHA-256(key = seed, "red-packet:<id>:<i>"), i = 0, 1, …   (as in DrawByteStream)
 *   uniform(n) = the next 6 bytes as a big-endian integer x < 2^48 − (2^48 mod n), as x mod n
 *                (larger values are skipped: no modulo bias); n ≤ 2^48
 *
 * The split (in 分, every packet at least `min`): with R left for n packets, each but the last
 * takes min + uniform(hi − min + 1) where hi = min(R − min × (n − 1), ⌊2R / n⌋) — the 二倍均值
 * rule: a packet is at most twice the mean of what is left, so no packet takes almost all — and
 * the last takes what is left. The amounts are then shuffled (Fisher–Yates with uniform) so a
 * packet's place in the claim order tells nothing of its size. Claims take packets in index
 * order; the seed is revealed when the window closes, and anyone recomputes every amount.
 */
import { formatFen } from '../money.ts';
import { DrawByteStream } from './lottery/fair-draw.ts';
import { sha256Hex } from './lottery/sha256.ts';

/** Limits of one red packet: count of packets and budget (分). */
export const RED_PACKET_LIMITS = {
  maxCount: 100_000,
  /** 1,000,000 元. */
  maxBudgetFen: 100_000_000,
} as const;

export interface SplitTerms {
  /** The red packet's id: part of every HMAC message. */
  id: number;
  /** Total to split, in 分. */
  budgetFen: number;
  count: number;
  /** Least one packet holds, in 分 (≥ 1). */
  minFen: number;
}

/** Why terms cannot be split, or null when they can. */
export function splitProblem(terms: Omit<SplitTerms, 'id'>): string | null {
  const { budgetFen, count, minFen } = terms;
  if (!Number.isInteger(count) || count < 1 || count > RED_PACKET_LIMITS.maxCount)
    return `红包个数须为1-${RED_PACKET_LIMITS.maxCount}`;
  if (!Number.isInteger(minFen) || minFen < 1) return '单个红包最低金额须至少0.01元';
  if (!Number.isInteger(budgetFen) || budgetFen < 1 || budgetFen > RED_PACKET_LIMITS.maxBudgetFen)
    return '红包总额须为0.01-1,000,000元';
  if (budgetFen < count * minFen) return '红包总额不足以让每个红包达到最低金额';
  return null;
}

const TWO_48 = 2 ** 48;

class SplitStream {
  private readonly bytes: DrawByteStream;
  constructor(seedHex: string, id: number) {
    this.bytes = new DrawByteStream(seedHex, `red-packet:${id}`);
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^48, by rejection sampling over 48-bit values. */
  uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_48) throw new Error('uniform(n) needs 1 ≤ n ≤ 2^48');
    const limit = TWO_48 - (TWO_48 % n);
    for (;;) {
      let x = 0;
      for (let k = 0; k < 6; k++) x = x * 256 + this.bytes.nextByte();
      if (x < limit) return x % n;
    }
  }
}

/** Every packet's amount in 分, in claim order; the same for the same seed and terms, anywhere. */
export function splitRedPacket(seedHex: string, terms: SplitTerms): number[] {
  const problem = splitProblem(terms);
  if (problem) throw new Error(problem);
  const stream = new SplitStream(seedHex, terms.id);
  const { count, minFen } = terms;
  const amounts = new Array<number>(count);
  let left = terms.budgetFen;
  for (let i = 0; i < count - 1; i++) {
    const n = count - i;
    const hi = Math.min(left - minFen * (n - 1), Math.floor((2 * left) / n));
    const amount = minFen + stream.uniform(hi - minFen + 1);
    amounts[i] = amount;
    left -= amount;
  }
  amounts[count - 1] = left;
  for (let i = count - 1; i > 0; i--) {
    const j = stream.uniform(i + 1);
    const t = amounts[i]!;
    amounts[i] = amounts[j]!;
    amounts[j] = t;
  }
  return amounts;
}

export type RedPacketVerification =
  { ok: true; amounts: number[] } | { ok: false; reason: 'seed' | 'commitment' | 'amount'; message: string };

/**
 * Checks a red packet after its window: the revealed seed matches the commitment published
 * before it, and (when given) the claim at `index` got the amount the seed assigns it.
 */
export function verifyRedPacket(
  seedHex: string,
  commitmentHex: string,
  terms: SplitTerms,
  claim?: { index: number; amountFen: number },
): RedPacketVerification {
  if (!/^[0-9a-f]{64}$/.test(seedHex))
    return { ok: false, reason: 'seed', message: '种子格式不正确（须为64位小写十六进制）' };
  if (sha256Hex(seedHex) !== commitmentHex.trim().toLowerCase())
    return { ok: false, reason: 'commitment', message: '种子与发放前公布的承诺值不符' };
  const amounts = splitRedPacket(seedHex, terms);
  if (claim && amounts[claim.index] !== claim.amountFen)
    return {
      ok: false,
      reason: 'amount',
      message: `第${claim.index + 1}个红包应为${formatFen(BigInt(amounts[claim.index] ?? 0))}元`,
    };
  return { ok: true, amounts };
}
