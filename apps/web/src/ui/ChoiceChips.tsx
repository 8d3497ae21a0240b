import './choice-chips.css';

/** A row of mutually exclusive choices as chips (a radio group): 佣金 0%–10%, 保密方式, 跟单方式. */
export function ChoiceChips<K extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  options: ReadonlyArray<{ key: K; text: string }>;
  value: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className="choice-chips" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="radio"
          aria-checked={value === o.key}
          className={value === o.key ? 'on' : ''}
          onClick={() => onChange(o.key)}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}
