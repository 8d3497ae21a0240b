import { hasOdds } from '../model.ts';

interface OddsButtonProps {
  name: string;
  odds: string;
  selected?: boolean;
  /** Read-only odds (in play, after kick-off): shown, not tappable. */
  readOnly?: boolean;
  onTap?: () => void;
  testId?: string;
}

/** One option with its odds: tap to toggle it in the slip. */
export function OddsButton({ name, odds, selected, readOnly, onTap, testId }: OddsButtonProps) {
  const priced = hasOdds(odds);
  const content = (
    <>
      <span className="odds-name">{name}</span>
      <span className="odds-value">{priced ? odds : '--'}</span>
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
      className={selected ? 'odds-button selected' : 'odds-button'}
      aria-pressed={Boolean(selected)}
      disabled={!priced}
      onClick={onTap}
      data-testid={testId}
    >
      {content}
    </button>
  );
}
