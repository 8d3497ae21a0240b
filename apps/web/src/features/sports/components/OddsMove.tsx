import { DIRECTION_TEXT, type PendingOddsChange } from '../slip/odds-changes.ts';
import '../inplay.css';

/**
 * A price that moved since it was picked: the old one struck through, the new one with a red up
 * or green down arrow (红涨绿跌); a moved line says so with the new line.
 */
export function OddsMove({ change, prefix = '' }: { change: PendingOddsChange; prefix?: string }) {
  const { direction } = change;
  const arrow = direction === 'line' ? null : direction;
  return (
    <span className={`odds-move ${direction}`} data-testid="odds-move" data-direction={direction}>
      <s className="odds-old">
        {prefix}
        {change.oldOdds}
      </s>
      <b className="odds-new">
        {prefix}
        {change.newOdds}
      </b>
      {arrow ? (
        <i className={`odds-trend ${arrow}`} role="img" aria-label={DIRECTION_TEXT[arrow]} />
      ) : (
        <em className="odds-line-move">
          盘口{change.oldLine ?? '-'}→{change.newLine ?? '-'}
        </em>
      )}
    </span>
  );
}
