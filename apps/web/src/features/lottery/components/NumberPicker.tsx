import type { LotteryPlayView } from '@app/shared';
import { fieldKey, type PickState } from '../model.ts';

type PickFieldView = Extract<LotteryPlayView['input'], { kind: 'picks' }>['field'];

/** Quick selections of a numeric field: 全 大 小 单 双 清. */
function quickSets(field: PickFieldView): Array<{ label: string; keys: string[] }> {
  const options = field.options;
  const values = options.map((o) => o.value);
  const middle = (Math.min(...values) + Math.max(...values)) / 2;
  const sets = [
    { label: '大', keys: options.filter((o) => o.value > middle).map((o) => o.key) },
    { label: '小', keys: options.filter((o) => o.value <= middle).map((o) => o.key) },
    { label: '单', keys: options.filter((o) => o.value % 2 === 1).map((o) => o.key) },
    { label: '双', keys: options.filter((o) => o.value % 2 === 0).map((o) => o.key) },
  ].filter((s) => s.keys.length <= field.maxPicks);
  if (options.length <= field.maxPicks) sets.unshift({ label: '全', keys: options.map((o) => o.key) });
  return sets;
}

function FieldPicker({
  field,
  label,
  selected,
  odds,
  onChange,
}: {
  field: PickFieldView;
  label: string;
  selected: readonly string[];
  odds: Map<string, string>;
  onChange: (keys: string[]) => void;
}) {
  const chosen = new Set(selected);
  const toggle = (key: string) => {
    const next = new Set(chosen);
    if (next.has(key)) next.delete(key);
    else {
      next.add(key);
      // Opposite sides (大/小, 单/双, 龙/虎) exclude each other: picking one drops the other.
      for (const [a, b] of field.exclusive) {
        if (key === a) next.delete(b);
        if (key === b) next.delete(a);
      }
    }
    onChange(field.options.filter((o) => next.has(o.key)).map((o) => o.key));
  };
  const numeric = field.numeric && field.options.length >= 6;
  return (
    <div className="lt-field">
      <div className="lt-field-head">
        <span className="lt-field-label">{label}</span>
        {numeric ? (
          <span className="lt-quick">
            {quickSets(field).map((s) => (
              <button key={s.label} type="button" onClick={() => onChange(s.keys)}>
                {s.label}
              </button>
            ))}
            <button type="button" onClick={() => onChange([])}>
              清
            </button>
          </span>
        ) : null}
      </div>
      <div className={`lt-options${field.numeric ? ' numeric' : ' named'}`}>
        {field.options.map((o) => {
          const on = chosen.has(o.key);
          const price = odds.get(o.key);
          return (
            <button
              key={o.key}
              type="button"
              className={on ? 'lt-option on' : 'lt-option'}
              aria-pressed={on}
              data-key={o.key}
              onClick={() => toggle(o.key)}
            >
              <span className="lt-option-label">{o.label}</span>
              {price ? <span className="lt-option-odds">{price}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The number picker of a play: one field, one per position (定位胆) or one per group (直选). */
export function NumberPicker({
  play,
  picks,
  onChange,
}: {
  play: LotteryPlayView;
  picks: PickState;
  onChange: (picks: PickState) => void;
}) {
  // Per-option odds (和值, 龙虎和 …) show under the option; uniform plays show theirs in the rule.
  const odds = new Map(play.odds.filter((o) => o.key !== '*').map((o) => [o.key, o.odds]));
  const set = (key: string, keys: string[]) => onChange({ ...picks, [key]: keys });
  const { input } = play;
  switch (input.kind) {
    case 'picks':
      return (
        <FieldPicker
          field={input.field}
          label={input.field.label}
          selected={picks[fieldKey.picks] ?? []}
          odds={odds}
          onChange={(keys) => set(fieldKey.picks, keys)}
        />
      );
    case 'positions':
      return (
        <>
          {input.positions.map((p) => (
            <FieldPicker
              key={p.position}
              field={input.field}
              label={p.label}
              selected={picks[fieldKey.position(p.position)] ?? []}
              odds={odds}
              onChange={(keys) => set(fieldKey.position(p.position), keys)}
            />
          ))}
        </>
      );
    case 'groups':
      return (
        <>
          {input.groups.map((g, i) => (
            <FieldPicker
              key={i}
              field={g}
              label={g.label}
              selected={picks[fieldKey.group(i)] ?? []}
              odds={odds}
              onChange={(keys) => set(fieldKey.group(i), keys)}
            />
          ))}
        </>
      );
  }
}
