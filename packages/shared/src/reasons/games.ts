import { reasons } from './define.ts';
import { problemMessage } from './request.ts';

/** What the games (the provider's lobby, transfers, records, the demo provider's pages) refuse. */
export const GAMES_REASONS = reasons({
  'games.player_restricted': { status: 403, message: '账户受限，暂不能进入游戏，请联系客服' },
  'games.games_disabled': { status: 403, message: '您的账户已被禁止游戏，请联系客服' },
  'games.slots_disabled': { status: 403, message: '您的账户已被禁止进入电子游戏，请联系客服' },
  'games.not_found': { status: 404, message: '游戏不存在' },
  /** The game provider refused, in its words (maintenance, a session expired …). */
  'games.provider_rejected': { status: 422, message: problemMessage },
  'games.provider_unavailable': { status: 503, message: '游戏平台暂时无法连接，请稍后再试' },
  'games.record_not_found': { status: 404, message: '游戏记录不存在' },
  'games.transfer_in_not_positive': { status: 422, message: '转入金额须大于0' },
  'games.transfer_in_failed': {
    status: 422,
    message: (p: { cause: string }) => `转入失败（${p.cause}），资金已退回主钱包`,
  },
  'games.transfer_out_failed': { status: 422, message: (p: { cause: string }) => `转出失败：${p.cause}` },
  'games.demo_bet_format': { status: 422, message: '投注额格式不正确' },
  'games.demo_bet_unsupported': { status: 422, message: '不支持的投注额' },
  'games.demo_side_missing': { status: 422, message: '请选择押龙、押虎或押和' },
  'games.demo_target_missing': { status: 422, message: '请选择目标' },
  'games.demo_icon_not_found': { status: 404, message: '图标不存在' },
});
