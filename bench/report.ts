/**
 * The machine-readable side of a benchmark: when `BENCH_RESULT_FILE` is set (by `npm run bench`,
 * bench/run.ts), each key figure is appended to that file as one JSON line. Without the variable
 * nothing is written and a benchmark only prints, as before.
 *
 * No imports from the server on purpose: bench/run.ts reads these types and must start even when
 * the server code does not compile.
 */
import { appendFileSync } from 'node:fs';

/** Which anchor a figure is held against: the pgbench wallet transaction or the bare Fastify hello. */
export type AnchorKind = 'pgbench' | 'hello';

export interface Figure {
  /** Stable id, `<bench>.<figure>`, e.g. `betting.2x1`. */
  name: string;
  value: number;
  /** e.g. `submits/s`, `s`. A rate (`…/s`) is compared to its anchor; a duration is not. */
  unit: string;
  p50_ms?: number;
  p99_ms?: number;
  /** Set on throughput figures: money writes against `pgbench`, HTTP reads against `hello`. */
  anchor?: AnchorKind;
  /**
   * An anchor of the figure's own, measured by its bench in the same run (a duration beside the
   * database's time for the same writes): ratio = value / local value.
   */
  local?: { label: string; value: number };
  /** Anything a reader needs beside the number (sizes, failures, a check that failed). */
  note?: string;
  /**
   * What one request cost, on money writes: CPU milliseconds of the server process, the local
   * PostgreSQL and the load child, and bytes of WAL (each absent when not measured). bench/run.ts
   * holds the database's share against one pgbench transaction's.
   */
  costs?: RequestCosts;
}

export interface RequestCosts {
  server_cpu_ms?: number;
  db_cpu_ms?: number;
  wal_bytes?: number;
  load_cpu_ms?: number;
}

export function emitFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (!file) return;
  const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 100) / 100);
  appendFileSync(
    file,
    JSON.stringify({
      ...figure,
      value: round(figure.value),
      p50_ms: round(figure.p50_ms),
      p99_ms: round(figure.p99_ms),
    }) + '\n',
  );
}
