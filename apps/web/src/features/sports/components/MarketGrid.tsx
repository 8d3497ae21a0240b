import type { PlayTypeId } from '@app/shared';
import type { ReactNode } from 'react';
import { lineText, type Market } from '../model.ts';
import { OddsButton } from './OddsButton.tsx';

type Option = Market['options'][number];

interface MarketGridProps {
  market: Market;
  selectedKeys?: ReadonlySet<string>;
  onTap?: (option: Option) => void;
  readOnly?: boolean;
  /** The match stopped selling: every option greyed out and disabled. */
  closed?: boolean;
  /** Suspended beyond the market's own flag (in play after a goal): every option shows 暂停. */
  suspended?: boolean;
  /** Show the market's name at the left even without a line (in-play boards stack several markets). */
  named?: boolean;
  /** 单关 mode on a pool that takes no singles: options greyed out, not tappable. */
  noSingle?: boolean;
}

/** Options in groups of rows: 比分 by outcome, 胜分差 by winner, the rest in one grid. */
function layoutOf(
  playType: PlayTypeId,
  options: Option[],
): Array<{ label?: string; cols: number; options: Option[] }> {
  switch (playType) {
    case 'football.score': {
      const home = options.filter((o) => /^(\d):(\d)$/.test(o.key) && o.key[0]! > o.key[2]!);
      const draw = options.filter((o) => /^(\d):(\d)$/.test(o.key) && o.key[0] === o.key[2]);
      const away = options.filter((o) => /^(\d):(\d)$/.test(o.key) && o.key[0]! < o.key[2]!);
      const other = (k: string) => options.filter((o) => o.key === k);
      return [
        { label: '胜', cols: 5, options: [...home, ...other('other_h')] },
        { label: '平', cols: 5, options: [...draw, ...other('other_d')] },
        { label: '负', cols: 5, options: [...away, ...other('other_a')] },
      ];
    }
    case 'basketball.score-diff':
      return [
        { label: '主胜', cols: 6, options: options.filter((o) => o.key.startsWith('h')) },
        { label: '客胜', cols: 6, options: options.filter((o) => o.key.startsWith('a')) },
      ];
    case 'football.totalGoals':
      return [{ cols: 4, options }];
    case 'football.halfFullTime':
      return [{ cols: 3, options }];
    case 'football.winDrawLose':
    case 'football.handicap':
      return [{ cols: 3, options }];
    case 'basketball.win-lose':
    case 'basketball.handicap':
    case 'basketball.total-score':
      return [{ cols: 2, options }];
  }
}

/** Short names inside crowded grids: 胜分差 "1-5" under a 主胜 row label. */
function shortName(playType: PlayTypeId, option: Option): string {
  if (playType === 'basketball.score-diff') return option.name.replace(/^[主客]胜/, '');
  return option.name;
}

function LineBadge({ market, named }: { market: Market; named?: boolean }): ReactNode {
  if (market.line === null) {
    if (!named) return null;
    return (
      <div className="line-badge name">
        <small>{market.name}</small>
      </div>
    );
  }
  const label =
    market.play_type === 'basketball.total-score'
      ? '总分'
      : market.play_type === 'football.handicap'
        ? '让球'
        : '让分';
  const text = lineText(market);
  const tone = text.startsWith('-') ? 'minus' : text.startsWith('+') ? 'plus' : 'total';
  return (
    <div className={`line-badge ${tone}`}>
      <small>{label}</small>
      <strong>{text}</strong>
    </div>
  );
}

/** A market's options as tappable odds (or read-only in play), with its handicap or total line. */
export function MarketGrid({
  market,
  selectedKeys,
  onTap,
  readOnly,
  closed,
  suspended,
  named,
  noSingle,
}: MarketGridProps) {
  const playType = market.play_type as PlayTypeId;
  const rows = layoutOf(playType, market.options);
  return (
    <div className={market.line !== null || named ? 'market-grid with-line' : 'market-grid'}>
      <LineBadge market={market} named={named} />
      <div className="market-rows">
        {rows.map((row, i) => (
          <div key={row.label ?? i} className="market-row">
            {row.label ? <span className="market-row-label">{row.label}</span> : null}
            <div
              className="market-options"
              style={{ gridTemplateColumns: `repeat(${row.cols}, minmax(0, 1fr))` }}
            >
              {row.options.map((option) => (
                <OddsButton
                  key={option.key}
                  name={shortName(playType, option)}
                  odds={option.odds}
                  selected={selectedKeys?.has(option.key)}
                  readOnly={readOnly}
                  suspended={Boolean(market.suspended) || Boolean(suspended)}
                  closed={closed || noSingle}
                  onTap={onTap ? () => onTap(option) : undefined}
                  testId={`odds-${option.key}`}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
