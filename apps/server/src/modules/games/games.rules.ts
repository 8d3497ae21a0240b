import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import { findMemberById, type MemberRow } from '../accounts/index.ts';

/** The flags of a member that decide whether they may move money into the games. */
export type TransferMember = Pick<MemberRow, 'id' | 'isBlack' | 'disableGame' | 'disableNggame'>;

/** Flags that keep a member out of the games (transfers out stay open so no money is trapped). */
export function refuseBarredMember(member: Omit<TransferMember, 'id'>): void {
  if (member.isBlack) throw refuse('games.player_restricted');
  if (member.disableGame) throw refuse('games.games_disabled');
  if (member.disableNggame) throw refuse('games.slots_disabled');
}

/** As `refuseBarredMember`, reading the member (404 when there is none). */
export async function assertMayPlay(db: Db, memberId: number): Promise<void> {
  const member = await findMemberById(db, memberId);
  if (!member) throw refuse('accounts.member_not_found');
  refuseBarredMember(member);
}
