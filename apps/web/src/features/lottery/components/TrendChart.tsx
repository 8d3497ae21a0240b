import { formatDrawNumber, hotCold, type LotteryTrendView } from '@app/shared';

export type TrendMode = { kind: 'number' } | { kind: 'position'; index: number };

const CELL = 26;
const ROW = 24;

/**
 * 走势图: one row per draw (newest on top), one column per number. A hit shows the ball; a miss
 * shows its running 遗漏 (draws since the number last came). In a position's chart the hits are
 * joined by the trend line. Below: 出现次数, 当前遗漏, 最大遗漏; then hot and cold numbers.
 */
export function TrendChart({ trend, mode }: { trend: LotteryTrendView; mode: TrendMode }) {
  const stats = mode.kind === 'position' ? (trend.position_missing[mode.index]?.stats ?? []) : trend.missing;
  const values = stats.map((s) => s.value);
  const family = trend.type;
  const rows = trend.history;
  const hitsOf = (numbers: number[], value: number) =>
    mode.kind === 'position'
      ? numbers[mode.index] === value
        ? 1
        : 0
      : numbers.filter((n) => n === value).length;

  // Running 遗漏, computed from the oldest draw up.
  const cells: Array<Array<{ hits: number; missing: number }>> = [];
  const running = new Map(values.map((v) => [v, 0]));
  for (let r = rows.length - 1; r >= 0; r--) {
    const numbers = rows[r]!.numbers;
    cells[r] = values.map((v) => {
      const hits = hitsOf(numbers, v);
      const missing = hits > 0 ? 0 : (running.get(v) ?? 0) + 1;
      running.set(v, missing);
      return { hits, missing };
    });
  }
  const width = values.length * CELL;
  const points =
    mode.kind === 'position'
      ? rows
          .map((row, r) => {
            const column = values.indexOf(row.numbers[mode.index] ?? -1);
            return column < 0 ? null : `${column * CELL + CELL / 2},${r * ROW + ROW / 2}`;
          })
          .filter((p): p is string => p !== null)
          .join(' ')
      : '';
  const hc =
    mode.kind === 'position'
      ? hotCold(
          family,
          rows.map((r) => r.numbers),
          { window: Math.min(30, rows.length), position: mode.index + 1 },
        )
      : trend.hot_cold;
  const maxMissing = Math.max(1, ...stats.map((s) => s.current));

  return (
    <div className="lt-trend" data-testid="trend-chart">
      <div className="lt-trend-scroll">
        <div className="lt-trend-grid" style={{ gridTemplateColumns: `72px ${width}px` }}>
          <div className="lt-trend-corner">期号</div>
          <div className="lt-trend-header" style={{ width }}>
            {values.map((v) => (
              <span key={v} style={{ width: CELL }}>
                {formatDrawNumber(family, v)}
              </span>
            ))}
          </div>
          <div className="lt-trend-periods">
            {rows.map((row) => (
              <span key={row.expect} style={{ height: ROW }} className="mono">
                {row.expect.slice(-4)}
              </span>
            ))}
          </div>
          <div className="lt-trend-body" style={{ width, height: rows.length * ROW }}>
            {points ? (
              <svg className="lt-trend-line" width={width} height={rows.length * ROW} aria-hidden="true">
                <polyline points={points} />
              </svg>
            ) : null}
            {rows.map((row, r) => (
              <div key={row.expect} className="lt-trend-row" style={{ height: ROW }}>
                {values.map((v, c) => {
                  const cell = cells[r]![c]!;
                  return cell.hits > 0 ? (
                    <span key={v} className="lt-trend-cell hit" style={{ width: CELL }}>
                      <i>{formatDrawNumber(family, v)}</i>
                      {cell.hits > 1 ? <sup>{cell.hits}</sup> : null}
                    </span>
                  ) : (
                    <span key={v} className="lt-trend-cell" style={{ width: CELL }}>
                      {cell.missing}
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
          {(
            [
              ['出现次数', (s: (typeof stats)[number]) => s.hits],
              ['当前遗漏', (s: (typeof stats)[number]) => s.current],
              ['最大遗漏', (s: (typeof stats)[number]) => s.max],
            ] as const
          ).map(([label, pick]) => (
            <div key={label} className="lt-trend-stat" style={{ display: 'contents' }}>
              <div className="lt-trend-stat-label">{label}</div>
              <div className="lt-trend-stat-row" style={{ width }}>
                {stats.map((s) => (
                  <span key={s.value} style={{ width: CELL }}>
                    {pick(s)}
                  </span>
                ))}
              </div>
            </div>
          ))}
          <div className="lt-trend-stat-label">遗漏图</div>
          <svg className="lt-trend-bars" width={width} height={48} aria-label="当前遗漏柱状图">
            {stats.map((s, i) => {
              const h = Math.round((s.current / maxMissing) * 40);
              return (
                <rect
                  key={s.value}
                  x={i * CELL + 6}
                  y={44 - h}
                  width={CELL - 12}
                  height={Math.max(h, 1)}
                  rx={2}
                />
              );
            })}
          </svg>
        </div>
      </div>
      <div className="lt-hotcold">
        <div>
          <span className="lt-hot-label">热号</span>
          {hc.hot.map((v) => (
            <span key={v} className="lt-ball lt-ball-hot">
              {formatDrawNumber(family, v)}
            </span>
          ))}
        </div>
        <div>
          <span className="lt-cold-label">冷号</span>
          {hc.cold.map((v) => (
            <span key={v} className="lt-ball lt-ball-cold">
              {formatDrawNumber(family, v)}
            </span>
          ))}
        </div>
        <span className="hint">统计最近 {hc.draws} 期</span>
      </div>
    </div>
  );
}
