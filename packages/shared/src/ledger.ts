/** Ledger entry types: every change of a balance carries one (with its member-facing text). */
export const LEDGER_TYPES = {
  deposit: '充值到账',
  withdraw_freeze: '提现冻结',
  withdraw_unfreeze: '提现退回',
  withdraw_paid: '提现成功',
  bet: '投注扣款',
  bet_refund: '投注退款',
  payout: '派奖',
  rebate: '返水',
  bonus: '活动彩金',
  invite_reward: '邀请奖励',
  vip_bonus: 'VIP晋级奖励',
  transfer_out: '转出',
  transfer_in: '转入',
  adjust: '人工调整',
  demo_credit: '体验金',
  game_in: '转入游戏钱包',
  game_out: '游戏钱包转出',
  game_refund: '游戏转账退回',
  /** An operator's void or resettlement of a settled match: the difference of the payout, never an edit. */
  settle_correction: '结算更正',
  /** 加奖: an operator campaign's extra on a winning 竞彩 order's prize. */
  prize_boost: '竞彩加奖',
  /** 红包: a claimed 红包雨 or 口令红包 packet. */
  red_packet: '红包',
  /** 免费投注券: the ticket's stake taken back from a won (or refunded) order's payout. */
  free_bet: '免费投注券本金',
  /** 提前结算: an open order closed for the book's offer. */
  cash_out: '提前结算',
  /** 跟单: the publisher's commission on a copied order's winnings (−from the copier, +to the publisher). */
  follow_commission: '跟单佣金',
  /** 追号: a chase's whole amount frozen at creation (lottery → frozen). */
  chase_freeze: '追号冻结',
  /** 追号: periods not placed (cancelled, stopped, skipped) returned (frozen → lottery). */
  chase_unfreeze: '追号退回',
  /** 合买: shares bought and the initiator's 保底 frozen until the plan is decided (main → frozen). */
  syndicate_freeze: '合买冻结',
  /** 合买: shares of a plan that failed (流产), or a 保底 not needed, returned (frozen → main). */
  syndicate_unfreeze: '合买退回',
  /** 合买: a holder's part of a plan's payout (−from the initiator, whose order was paid, +to the holder). */
  syndicate_payout: '合买派奖',
} as const;

export type LedgerType = keyof typeof LEDGER_TYPES;
export const LEDGER_TYPE_KEYS = Object.keys(LEDGER_TYPES) as [LedgerType, ...LedgerType[]];

/**
 * Moves between the member's own wallets (main ↔ frozen for a withdrawal, main ↔ lottery, main ↔
 * a game platform): neither income nor spending in a bill.
 */
export const TRANSFER_LEDGER_TYPES = [
  'withdraw_freeze',
  'withdraw_unfreeze',
  'chase_freeze',
  'chase_unfreeze',
  'syndicate_freeze',
  'syndicate_unfreeze',
  'transfer_out',
  'transfer_in',
  'game_in',
  'game_out',
  'game_refund',
] as const satisfies readonly LedgerType[];

/** How a bill counts an entry: money that entered or left the member's account, or a transfer between their wallets. */
export type BillKind = 'income' | 'expense' | 'transfer';

export function billKind(type: string, amountFen: bigint): BillKind {
  if ((TRANSFER_LEDGER_TYPES as readonly string[]).includes(type)) return 'transfer';
  return amountFen < 0n ? 'expense' : 'income';
}

/** Wallet kinds a member holds: the main wallet, money frozen (withdrawals, 追号), the lottery wallet, game platforms. */
export const WALLET_KINDS = ['main', 'frozen', 'lottery'] as const;
export type CoreWalletKind = (typeof WALLET_KINDS)[number];
/** Game platform wallets are named `game:<platform code>`. */
export type WalletKind = CoreWalletKind | `game:${string}`;
