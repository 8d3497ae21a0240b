import { useEffect, useMemo } from 'react';
import { toast } from '@/lib/toast.tsx';
import { useAvailableFreeBetsQuery, type FreeBet } from '../../free-bets/queries.ts';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { serverNow } from '../clock.ts';
import { checkChosenFreeBet, freeBetChoices, type FreeBetSlip } from './free-bet.ts';
import { chooseFreeBet } from './store.ts';

/**
 * The member's 免费投注券 for the slip as it stands: each with its verdict (usable at which
 * multiple, or why not), and how many are usable. Keeps the chosen ticket honest: when the slip
 * changes, the multiple follows the ticket, or the ticket is dropped with a short toast saying why
 * (silently when the slip was emptied or the member logged out).
 */
export function useSlipFreeBets(slip: FreeBetSlip & { freeBet: FreeBet | null }) {
  const loggedIn = useSessionStore(selectLoggedIn);
  const { data: tickets } = useAvailableFreeBetsQuery();
  const choices = useMemo(() => freeBetChoices(tickets, slip, new Date(serverNow())), [tickets, slip]);
  const usable = choices.filter((c) => c.fit.ok).length;

  const chosen = slip.freeBet;
  useEffect(() => {
    if (!chosen) return;
    if (!loggedIn || slip.slip.selectedBets.length === 0) {
      chooseFreeBet(null);
      return;
    }
    const check = checkChosenFreeBet(chosen, slip, tickets, new Date(serverNow()));
    if (check.kind === 'multiple') chooseFreeBet(chosen, check.multiple);
    else if (check.kind === 'drop') {
      chooseFreeBet(null);
      toast.info(`已取消使用免费投注券：${check.reason}`);
    }
  }, [chosen, slip, tickets, loggedIn]);

  return { tickets: tickets ?? [], choices, usable };
}
