import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { findMemberById, type MemberRow } from '../accounts/index.ts';

/** The flags of a member that decide whether they may move money into the games. */
export type TransferMember = Pick<MemberRow, 'id' | 'isBlack' | 'disableGame' | 'disableNggame'>;

/** Flags that keep a member out of the games (transfers out stay open so no money is trapped). */
export function refuseBarredMember(member: Omit<TransferMember, 'id'>): void {
  if (member.isBlack) throw forbidden('账户受限，暂不能进入游戏，请联系客服');
  if (member.disableGame) throw forbidden('您的账户已被禁止游戏，请联系客服');
  if (member.disableNggame) throw forbidden('您的账户已被禁止进入电子游戏，请联系客服');
}

/** As `refuseBarredMember`, reading the member (404 when there is none). */
export async function assertMayPlay(db: Db, memberId: number): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member) throw notFound('用户不存在');
  refuseBarredMember(member);
}
