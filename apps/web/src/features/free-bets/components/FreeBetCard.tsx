import type { ReactNode } from 'react';
import { formatDateTime } from '@/ui/format.ts';
import { yuan } from '@/ui/Money.tsx';
import type { FreeBet } from '../queries.ts';
import '../free-bets.css';

/** "10" for 10.00, "12.50" otherwise: the big figure on the ticket's stub. */
export function ticketFigure(value: string): string {
  return yuan(value).replace(/\.00$/, '');
}

/**
 * A 免费投注券 as a ticket: its value on the stub; title, minimum odds, plays and expiry beside it;
 * `children` below (the slip's verdict, or the page's status, order and winnings). `muted` greys
 * it out (a ticket the slip cannot use, or one already used).
 */
export function FreeBetCard({
  ticket,
  muted = false,
  children,
}: {
  ticket: FreeBet;
  muted?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={muted ? 'fb-card muted' : 'fb-card'} data-free-bet-id={ticket.id}>
      <div className="fb-stub">
        <span className="fb-value" data-testid="free-bet-value">
          <small>¥</small>
          {ticketFigure(ticket.value)}
        </span>
        <span className="fb-kind">免费投注券</span>
      </div>
      <div className="fb-body">
        <strong className="fb-title">{ticket.title}</strong>
        <span className="fb-terms" data-testid="free-bet-terms">
          每场赔率≥{ticket.min_odds} · {ticket.plays_text}
        </span>
        <span className="fb-expiry">有效期至 {formatDateTime(ticket.expires_at)}</span>
        {children}
      </div>
    </div>
  );
}
