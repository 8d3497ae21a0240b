/** Chinese messages of the bet slip rules. The first six are SPEC.md §5 word for word. */
export const BET_MESSAGES = {
  tooManyMatches: '最多选择8场比赛',
  noSelection: '请选择投注选项',
  mixedSameSport: '混合过关只能选择同一运动项目的比赛',
  mixedBasketballOnly: '混合过关只能选择篮球项目',
  sameMatchDifferentGame: '同一场比赛不能选择不同游戏',
  mixedMaxPasses: (passes: number): string => `混合过关最多${passes}关`,
  mixedMinMatches: '混合过关至少选择2场比赛',
  passTypeRequired: '请选择过关方式',
  passTypeUnavailable: '该过关方式不可用，请重新选择',
  multipleRange: '倍数须为1-99的整数',
  amountRange: '投注金额须在2-20000元之间',
  stakeMismatch: '投注金额已变化，请确认后重新提交',
  invalidPlay: '投注玩法无效',
  invalidOption: '投注选项无效',
  invalidOdds: '赔率无效，请刷新后重试',
  invalidLine: '盘口无效，请刷新后重试',
  invalidMatch: '比赛信息无效，请刷新后重试',
  duplicateOption: '请勿重复选择同一选项',
  /** 单关 on a pool that takes its match only in parlays (竞彩 sets it per match and pool). */
  singleNotOffered: '该玩法不支持单关，请至少选择两场比赛串关',
} as const;
