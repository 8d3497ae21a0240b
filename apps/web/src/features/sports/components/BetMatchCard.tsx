import type { BetType } from '@app/shared';
import { memo } from 'react';
import { CLOSED_REASON_TEXT } from '../deadline.ts';
import { marketOf, type Market, type Match } from '../model.ts';
import { beijingTime } from '../time.ts';
import { LeagueTag } from './LeagueTag.tsx';
import { MarketGrid } from './MarketGrid.tsx';

interface BetMatchCardProps {
  match: Match;
  betType: BetType;
  /** Option keys of this match selected for the current bet type. */
  selectedKeys: ReadonlySet<string>;
  /** Past its sales deadline by the server's clock (or started): greyed out, 已停售, nothing tappable. */
  closed: boolean;
  /** 单关 mode: a market whose pool takes no singles shows greyed out (only in 混合过关). */
  singleMode?: boolean;
  onTap: (match: Match, market: Market, option: Market['options'][number]) => void;
}

/** One open match on a betting page: number, league, kick-off, teams and the bet type's odds. */
export const BetMatchCard = memo(function BetMatchCard({
  match,
  betType,
  selectedKeys,
  closed,
  singleMode,
  onTap,
}: BetMatchCardProps) {
  const market = marketOf(match, betType);
  const noSingle = Boolean(singleMode && market && !market.single && !closed);
  const className = `bet-match${selectedKeys.size > 0 && !closed ? ' picked' : ''}${closed ? ' closed' : ''}`;
  return (
    <article
      className={className}
      data-testid="bet-match"
      data-match-id={match.id}
      data-closed={closed ? 'true' : undefined}
      aria-disabled={closed || undefined}
    >
      <header className="bet-match-head">
        <span className="match-no">{match.match_no}</span>
        <LeagueTag league={match.league} />
        {closed ? (
          <span className="sale-tag closed" data-testid="sales-closed">
            {CLOSED_REASON_TEXT.closed}
          </span>
        ) : market?.suspended ? (
          <span className="sale-tag suspended" data-testid="market-suspended">
            {CLOSED_REASON_TEXT.suspended}
          </span>
        ) : null}
        {market?.single && !closed ? (
          // As the 竞彩 sites mark it: this pool takes a bet on the match alone.
          <span className="single-tag" data-testid="single-badge" title="该玩法支持单关投注">
            单关
          </span>
        ) : null}
        <span className="bet-match-time">
          {beijingTime(match.sales_close_at)} {closed ? '已截止' : '截止'}
        </span>
      </header>
      <div className="bet-match-teams">
        <span className="team home">{match.home_team.name}</span>
        <span className="vs">VS</span>
        <span className="team away">{match.away_team.name}</span>
      </div>
      {market ? (
        <MarketGrid
          market={market}
          selectedKeys={selectedKeys}
          closed={closed}
          noSingle={noSingle}
          onTap={(option) => onTap(match, market, option)}
        />
      ) : (
        <div className="market-closed">该玩法暂未开售</div>
      )}
      {noSingle ? (
        <p className="single-off-note" data-testid="single-off">
          该玩法不支持单关，请切换到混合过关并至少选择两场比赛
        </p>
      ) : null}
    </article>
  );
});
