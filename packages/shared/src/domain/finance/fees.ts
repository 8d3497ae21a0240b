/** Withdrawal fee rule: a rate in basis points of the amount, rounded up to the 分, then clamped. */
export interface WithdrawFeeRule {
  /** 50 = 0.50%. */
  rateBp: number;
  /** 分. */
  min: bigint;
  /** 分. */
  max: bigint;
}

/** The fee of a withdrawal of `amount` 分: ceil(amount × rate), at least `min`, at most `max`, never above the amount. */
export function withdrawFee(amount: bigint, rule: WithdrawFeeRule): bigint {
  if (amount <= 0n) return 0n;
  const byRate = (amount * BigInt(rule.rateBp) + 9_999n) / 10_000n;
  let fee = byRate < rule.min ? rule.min : byRate;
  if (fee > rule.max) fee = rule.max;
  return fee > amount ? amount : fee;
}

/** 打码量 a deposit adds: the amount times a multiple given in hundredths (100 = 1×), rounded down. */
export function depositTurnover(amount: bigint, multipleHundredths: number): bigint {
  return (amount * BigInt(multipleHundredths)) / 100n;
}
