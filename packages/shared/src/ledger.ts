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
} as const;

export type LedgerType = keyof typeof LEDGER_TYPES;
export const LEDGER_TYPE_KEYS = Object.keys(LEDGER_TYPES) as [LedgerType, ...LedgerType[]];

/** Wallet kinds a member holds: the main wallet, money frozen for withdrawals, the lottery wallet, game platforms. */
export const WALLET_KINDS = ['main', 'frozen', 'lottery'] as const;
export type CoreWalletKind = (typeof WALLET_KINDS)[number];
/** Game platform wallets are named `game:<platform code>`. */
export type WalletKind = CoreWalletKind | `game:${string}`;
