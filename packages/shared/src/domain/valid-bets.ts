/**
 * 有效投注 (valid bets), one definition for every figure that counts them: VIP progress, the
 * reports, the promotions' turnover tiers (周周流水闯关), the invite commission. A valid bet is
 * the stake of a bet that was settled and not refunded: sports orders and lottery bets decided won
 * or lost, and the game rounds the game provider settled. Cancelled and refunded bets, and
 * transfers to and from the game wallet, are not bets.
 */
export const VALID_BET_KINDS = {
  sports: '体育注单',
  lottery: '彩票注单',
  games: '电子游戏的游戏局',
} as const;
export type ValidBetCategory = keyof typeof VALID_BET_KINDS;

/** Every category, in the order the rules name them. */
export const VALID_BET_CATEGORIES = Object.keys(VALID_BET_KINDS) as ValidBetCategory[];

/** "体育注单、彩票注单和电子游戏的游戏局": the categories, in the given order. */
export function validBetCategoriesText(
  categories: readonly ValidBetCategory[] = VALID_BET_CATEGORIES,
): string {
  const names = categories.map((c) => VALID_BET_KINDS[c]);
  return names.length > 1 ? `${names.slice(0, -1).join('、')}和${names.at(-1)}` : (names[0] ?? '');
}

/** The definition as a member reads it (promotion rules, help pages). */
export const VALID_BETS_DEFINITION = `有效投注指已结算且未退款的注单本金：${validBetCategoriesText()}；撤单、退款注单及钱包间转账不计入。`;
