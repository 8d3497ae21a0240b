import { RedoOutline } from 'antd-mobile-icons';

/** A small circular-arrow button that spins while `spinning`. */
export function RefreshButton({
  spinning,
  onClick,
  label,
}: {
  spinning: boolean;
  onClick: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className={spinning ? 'refresh-button spinning' : 'refresh-button'}
      aria-label={label}
      disabled={spinning}
      onClick={onClick}
    >
      <RedoOutline />
    </button>
  );
}
