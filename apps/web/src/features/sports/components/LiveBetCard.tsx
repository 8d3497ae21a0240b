import { PLAY_TYPES } from '@app/shared';
import { memo } from 'react';
import { inPlayState, liveStateText } from '../deadline.ts';
import type { Market, Match } from '../model.ts';
import { MarketGrid } from './MarketGrid.tsx';
import { LiveMatchRow } from './MatchRows.tsx';
import '../inplay.css';

const PLAY_ORDER = Object.keys(PLAY_TYPES);

/** In-play markets in the order of the bet types (胜平负, 让球, 总进球 / 胜负, 让分, 总分). */
function orderedMarkets(markets: readonly Market[]): Market[] {
  return [...markets].sort((a, b) => PLAY_ORDER.indexOf(a.play_type) - PLAY_ORDER.indexOf(b.play_type));
}

interface LiveBetCardProps {
  match: Match;
  /** Selected option keys of this match, by bet type. */
  selected: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  onTap: (match: Match, market: Market, option: Market['options'][number]) => void;
}

/**
 * A match in play with its in-play (滚球) markets to bet on: score and clock on top (tap for the
 * match page), then each market with its live line. A suspension shows 暂停 on every option with
 * the reason; a match that stops taking in-play bets greys out.
 */
export const LiveBetCard = memo(function LiveBetCard({ match, selected, onTap }: LiveBetCardProps) {
  const markets = orderedMarkets(match.markets);
  const state = inPlayState(match, undefined);
  const className = `live-bet${state === 'closed' ? ' closed' : ''}${state === 'suspended' ? ' suspended' : ''}`;
  return (
    <article
      className={className}
      data-testid="live-bet"
      data-match-id={match.id}
      data-state={state}
      aria-disabled={state === 'closed' || undefined}
    >
      <LiveMatchRow match={match} odds={false} />
      {markets.length > 0 ? (
        <div className="live-markets">
          {state !== 'open' ? (
            <div className={`live-bet-state ${state}`} data-testid="live-state" role="status">
              <i />
              {liveStateText(match, state)}
            </div>
          ) : null}
          {markets.map((market) => (
            <div
              key={market.play_type}
              className="live-market"
              data-testid="live-market"
              data-bet-type={market.bet_type}
            >
              <MarketGrid
                market={market}
                named
                selectedKeys={selected?.get(market.bet_type)}
                suspended={state === 'suspended'}
                closed={state === 'closed'}
                onTap={(option) => onTap(match, market, option)}
              />
            </div>
          ))}
        </div>
      ) : null}
    </article>
  );
});
