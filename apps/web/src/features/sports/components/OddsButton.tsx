import { hasOdds } from '../model.ts';

interface OddsButtonProps {
  name: string;
  odds: string;
  selected?: boolean;
  /** Read-only odds (in play, after kick-off): shown, not tappable. */
  readOnly?: boolean;
  /** Closed by an operator: shown greyed out with 暂停, not tappable. */
  suspended?: boolean;
  /** The match stopped selling (已停售): odds shown greyed out, not tappable. */
  closed?: boolean;
  onTap?: () => void;
  testId?: string;
}

/** One option with its odds: tap to toggle it in the slip. */
export function OddsButton({
  name,
  odds,
  selected,
  readOnly,
  suspended,
  closed,
  onTap,
  testId,
}: OddsButtonProps) {
  const priced = hasOdds(odds);
  const content = (
    <>
      <span className="odds-name">{name}</span>
      <span className="odds-value">{suspended ? '暂停' : priced ? odds : '--'}</span>
    </>
  );
  if (readOnly) {
    return (
      <div className="odds-button read-only" data-testid={testId}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`odds-button${selected ? ' selected' : ''}${suspended ? ' suspended' : ''}${closed ? ' closed' : ''}`}
      aria-pressed={Boolean(selected)}
      disabled={!priced || suspended || closed}
      onClick={onTap}
      data-testid={testId}
    >
      {content}
    </button>
  );
}
