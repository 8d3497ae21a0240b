import { formatFen, type UserInfo } from '@app/shared';
import type { MemberRow } from './accounts.repo.ts';

const flag = (value: number): 0 | 1 => (value ? 1 : 0);

function maskMiddle(value: string | null, keepStart: number, keepEnd: number): string {
  if (!value) return '';
  if (value.length <= keepStart + keepEnd) return `${value.slice(0, 1)}***`;
  return `${value.slice(0, keepStart)}****${value.slice(value.length - keepEnd)}`;
}

export function maskEmail(value: string | null): string {
  if (!value) return '';
  const [name = '', host = ''] = value.split('@');
  return `${name.slice(0, 2)}***@${host}`;
}

/** 张三丰 -> *三丰: the first character hidden, as banks show names. */
export function maskName(value: string | null): string {
  if (!value) return '';
  return `*${value.slice(1)}`;
}

/** "player01" -> "pl****01": shown to other members (inviter, agent). */
export function maskUsername(value: string): string {
  return maskMiddle(value, 2, 2);
}

export interface Balances {
  main: bigint;
  frozen: bigint;
  lottery: bigint;
}

/** Maps a member row to the user info every client screen reads (never the row itself). */
export function toUserInfo(member: MemberRow, balances: Balances, online: boolean): UserInfo {
  return {
    id: member.id,
    username: member.username,
    nickname: member.nickname,
    avatar: member.avatar,
    mobile: maskMiddle(member.mobile, 3, 4),
    mobile_verified: member.mobileVerifiedAt !== null,
    email: maskEmail(member.email),
    real_name: maskName(member.realName),
    balance: formatFen(balances.main),
    frozen_balance: formatFen(balances.frozen),
    lottery_balance: formatFen(balances.lottery),
    codingvolume: formatFen(member.codingvolume),
    paysum: formatFen(member.paysum),
    totalgame: formatFen(member.totalgame),
    total_withdraw: formatFen(member.totalWithdraw),
    lottery_token: member.lotteryToken,
    vip_level: member.vipLevel,
    is_mock: flag(member.isMock),
    is_online: online ? 1 : 0,
    disable_nggame: flag(member.disableNggame),
    is_black: flag(member.isBlack),
    is_agent: flag(member.isAgent),
    enabled: flag(member.enabled),
    disable_withdraw: flag(member.disableWithdraw),
    disable_game: flag(member.disableGame),
    has_payment_password: member.paymentPasswordHash !== null,
    invite_code: member.inviteCode,
    agent_id: member.agentId,
    inviter_id: member.inviterId,
    created_at: member.createdAt.toISOString(),
    last_login_at: member.lastLoginAt?.toISOString() ?? null,
  };
}
