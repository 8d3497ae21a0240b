import { formatDrawNumber, hotCold, type LotteryTrendView } from '@app/shared';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';

export type TrendMode = { kind: 'number' } | { kind: 'position'; index: number };

/** The narrowest a number column gets (a 20 px ball and its margin). */
const MIN_CELL = 24;
/** The period column: the last four digits of the period. */
const PERIOD_COLUMN = 48;
const ROW = 24;

/**
 * Whether the chart's scroller hides columns, and on which side. `more` is true while columns lie
 * beyond the right edge (the cue shows); measured on scroll and whenever the scroller resizes.
 */
function useHorizontalOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ overflowing: false, more: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflowing = el.scrollWidth > el.clientWidth + 1;
    const more = overflowing && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setState((s) => (s.overflowing === overflowing && s.more === more ? s : { overflowing, more }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, measure, ...state };
}

/**
 * 走势图: one row per draw (newest on top), one column per number. A hit shows the ball; a miss
 * shows its running 遗漏 (draws since the number last came). In a position's chart the hits are
 * joined by the trend line. Below: 出现次数, 当前遗漏, 最大遗漏; then hot and cold numbers.
 *
 * The number columns share the width the phone gives them (11选5's eleven fit a 360 px screen);
 * a family with more numbers than fit at 24 px each (六合彩's 49) scrolls sideways, the period
 * column staying put, with a fade at the edge and a hint while columns lie beyond it.
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
  const columns = values.length;
  const height = rows.length * ROW;
  // The trend line in column and row units: the SVG stretches to whatever width the columns get.
  const points =
    mode.kind === 'position'
      ? rows
          .map((row, r) => {
            const column = values.indexOf(row.numbers[mode.index] ?? -1);
            return column < 0 ? null : `${column + 0.5},${r + 0.5}`;
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
  const scroll = useHorizontalOverflow();
  const grid: CSSProperties = {
    gridTemplateColumns: `${PERIOD_COLUMN}px minmax(${columns * MIN_CELL}px, 1fr)`,
  };

  return (
    <div className="lt-trend" data-testid="trend-chart">
      {scroll.overflowing ? (
        <p className="lt-trend-hint" data-testid="trend-scroll-hint">
          共 {columns} 个号码，左右滑动查看
        </p>
      ) : null}
      <div className={scroll.more ? 'lt-trend-frame more' : 'lt-trend-frame'}>
        <div
          className="lt-trend-scroll"
          ref={scroll.ref}
          onScroll={scroll.measure}
          data-testid="trend-scroll"
        >
          <div className="lt-trend-grid" style={grid}>
            <div className="lt-trend-corner">期号</div>
            <div className="lt-trend-header">
              {values.map((v) => (
                <span key={v}>{formatDrawNumber(family, v)}</span>
              ))}
            </div>
            <div className="lt-trend-periods">
              {rows.map((row) => (
                <span key={row.expect} style={{ height: ROW }} className="mono">
                  {row.expect.slice(-4)}
                </span>
              ))}
            </div>
            <div className="lt-trend-body" style={{ height }}>
              {points ? (
                <svg
                  className="lt-trend-line"
                  viewBox={`0 0 ${columns} ${rows.length}`}
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <polyline points={points} />
                </svg>
              ) : null}
              {rows.map((row, r) => (
                <div key={row.expect} className="lt-trend-row" style={{ height: ROW }}>
                  {values.map((v, c) => {
                    const cell = cells[r]![c]!;
                    return cell.hits > 0 ? (
                      <span key={v} className="lt-trend-cell hit">
                        <i>{formatDrawNumber(family, v)}</i>
                        {cell.hits > 1 ? <sup>{cell.hits}</sup> : null}
                      </span>
                    ) : (
                      <span key={v} className="lt-trend-cell">
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
                <div className="lt-trend-stat-row">
                  {stats.map((s) => (
                    <span key={s.value}>{pick(s)}</span>
                  ))}
                </div>
              </div>
            ))}
            <div className="lt-trend-stat-label">遗漏图</div>
            <svg
              className="lt-trend-bars"
              viewBox={`0 0 ${columns * 4} 48`}
              preserveAspectRatio="none"
              aria-label="当前遗漏柱状图"
            >
              {stats.map((s, i) => {
                const h = Math.round((s.current / maxMissing) * 40);
                return <rect key={s.value} x={i * 4 + 1} y={44 - h} width={2} height={Math.max(h, 1)} />;
              })}
            </svg>
          </div>
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
