import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { RequestCosts } from './report.ts';

/** Clock ticks per second of /proc's CPU times (100 on Linux, asked once). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime and cstime of one /proc/<pid>/stat, and the process's command name. */
function procTimes(pid: string): { comm: string; ticks: number; children: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name sits in parentheses and may hold spaces; the fields after it start at `state`.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  const at = (field: number) => Number(fields[field - 3] ?? 0);
  return { comm, ticks: at(14) + at(15), children: at(16) + at(17) };
}

/**
 * CPU milliseconds the local PostgreSQL server has used: every `postgres` process (backends,
 * WAL writer, checkpointer, …) plus the children they reaped (backends of connections that
 * ended count in the postmaster's children time). Read before and after a run, the difference is
 * what the database spent on it, whatever else the machine was busy with. null where no local
 * server is visible (no /proc, a database on another host).
 */
export function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of pids) {
    const times = procTimes(pid);
    if (times?.comm !== 'postgres') continue;
    found = true;
    ticks += times.ticks + times.children;
  }
  return found ? (ticks * 1000) / TICKS_PER_S : null;
}

/** CPU milliseconds of this process's children that have ended (e.g. pgbench after spawnSync). */
export function reapedChildrenCpuMs(): number | null {
  const times = procTimes('self');
  return times ? (times.children * 1000) / TICKS_PER_S : null;
}

/** `x.xx ms` per item, or null when either reading is missing. */
export function perItemMs(before: number | null, after: number | null, items: number): number | null {
  if (before === null || after === null || items <= 0) return null;
  return Math.round(((after - before) / items) * 100) / 100;
}

/**
 * Bytes of write-ahead log the PostgreSQL cluster has written so far (`pg_current_wal_lsn()`),
 * through `read` (one statement answering one row with a column `b`). Read before and after a run,
 * the difference per request is what a money write costs the database in writes: unlike CPU it
 * does not move with what else the machine is doing, and it is what a replica and the archive
 * carry too. null when it cannot be read (PGlite has no WAL position to ask).
 */
export async function walBytes(read: (text: string) => Promise<unknown>): Promise<number | null> {
  try {
    const rows = await read(`SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS b`);
    const list = Array.isArray(rows) ? rows : (rows as { rows?: unknown[] }).rows;
    const b = (list?.[0] as { b?: string } | undefined)?.b;
    return b === undefined ? null : Number(b);
  } catch {
    return null;
  }
}

/** Whole bytes per item, or null when either reading is missing. */
export function perItemBytes(before: number | null, after: number | null, items: number): number | null {
  if (before === null || after === null || items <= 0) return null;
  return Math.round((after - before) / items);
}

/**
 * One request's costs from a run's totals: `serverCpuMs` is already per request, the load child's
 * CPU is its total over `items` requests; the database's CPU and WAL are per request or null.
 */
export function requestCosts(run: {
  serverCpuMs: number;
  dbMs: number | null;
  walBytes: number | null;
  loadCpuMs: number;
  items: number;
}): RequestCosts {
  return {
    server_cpu_ms: run.serverCpuMs,
    ...(run.dbMs === null ? {} : { db_cpu_ms: run.dbMs }),
    ...(run.walBytes === null ? {} : { wal_bytes: run.walBytes }),
    load_cpu_ms: Math.round((run.loadCpuMs / Math.max(run.items, 1)) * 100) / 100,
  };
}

/**
 * The costs a bench prints after the server's CPU: the database's CPU and WAL (when measured) and
 * the load child's CPU, each `per` request (`'/bet'`, or `''`).
 */
export function costParts(costs: RequestCosts, per: string): string[] {
  return [
    ...(costs.db_cpu_ms === undefined ? [] : [`database CPU ${costs.db_cpu_ms} ms${per}`]),
    ...(costs.wal_bytes === undefined ? [] : [`WAL ${costs.wal_bytes} B${per}`]),
    ...(costs.load_cpu_ms === undefined ? [] : [`load CPU ${costs.load_cpu_ms} ms${per}`]),
  ];
}

/** A `process.cpuUsage()` delta (user + system) in milliseconds per item, to 0.01 ms. */
export function cpuMsPer(used: NodeJS.CpuUsage, items: number): number {
  return Math.round((used.user + used.system) / Math.max(items, 1) / 10) / 100;
}

/** `costParts`, each after ", ": what a bench appends to its line after the server's CPU. */
export function costSuffix(costs: RequestCosts, per: string): string {
  return costParts(costs, per)
    .map((part) => `, ${part}`)
    .join('');
}

/**
 * Runs one timed load phase of `items` requests and what they cost: this process's CPU (the
 * server's, the load runs in a child), the local PostgreSQL's CPU and the WAL when `wal` reads the
 * log position (null: not measured, e.g. on PGlite), and the load child's own CPU.
 */
export async function measureLoad<R extends { loadCpuMs: number }>(
  items: number,
  wal: (() => Promise<number | null>) | null,
  run: () => Promise<R>,
): Promise<{
  result: R;
  serverCpuMs: number;
  costs: RequestCosts;
  /** The WAL positions (bytes) before and after the run, for `walByRelation`; null without WAL. */
  walRange: { from: number; to: number } | null;
}> {
  const cpu = process.cpuUsage();
  const dbBefore = wal ? postgresCpuMs() : null;
  const walBefore = wal ? await wal() : null;
  const result = await run();
  const used = process.cpuUsage(cpu);
  const dbMs = wal ? perItemMs(dbBefore, postgresCpuMs(), items) : null;
  const walAfter = wal ? await wal() : null;
  const walPer = wal ? perItemBytes(walBefore, walAfter, items) : null;
  const serverCpuMs = cpuMsPer(used, items);
  return {
    result,
    serverCpuMs,
    costs: requestCosts({ serverCpuMs, dbMs, walBytes: walPer, loadCpuMs: result.loadCpuMs, items }),
    walRange: walBefore !== null && walAfter !== null ? { from: walBefore, to: walAfter } : null,
  };
}

/** A WAL position in bytes as PostgreSQL writes an LSN (`hi/lo` in hexadecimal). */
function lsnOf(bytes: number): string {
  return `${Math.floor(bytes / 2 ** 32).toString(16)}/${(bytes % 2 ** 32).toString(16)}`;
}

/**
 * Where a run's WAL went, per request: each record of the range read back with PostgreSQL's own
 * pg_walinspect (contrib, superuser; the bench's user is), charged to the relation of its first
 * block (a partition to its table, a partition's index to the table's index name), records without
 * a block to their resource manager (`(Transaction)`: commits). The biggest first, `top` of them.
 * null when the extension cannot be had (PGlite, a remote server without it).
 */
export async function walByRelation(
  read: (text: string) => Promise<unknown>,
  range: { from: number; to: number },
  items: number,
  top = 10,
): Promise<Array<{ relation: string; bytes: number; records: number }> | null> {
  const rowsOf = (r: unknown) =>
    (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, string>>;
  try {
    await read(`CREATE EXTENSION IF NOT EXISTS pg_walinspect`);
    const rows = rowsOf(
      await read(`
        WITH r AS (
          SELECT record_length AS len, resource_manager AS rm,
            substring(block_ref from 'rel [0-9]+/[0-9]+/([0-9]+)')::oid AS node
          FROM pg_get_wal_records_info('${lsnOf(range.from)}', '${lsnOf(range.to)}')
        )
        SELECT COALESCE(
            (SELECT CASE WHEN c.relkind = 'i' AND c.relispartition
                      THEN (SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE i.inhrelid = c.oid)
                      ELSE COALESCE(pg_partition_root(c.oid), c.oid)::regclass::text END
             FROM pg_class c WHERE c.relfilenode = r.node AND r.node <> 0 LIMIT 1),
            '(' || r.rm || ')') AS relation,
          sum(r.len)::text AS bytes, count(*)::text AS records
        FROM r GROUP BY 1 ORDER BY sum(r.len) DESC LIMIT ${top}`),
    );
    return rows.map((r) => ({
      relation: r.relation ?? '?',
      bytes: Math.round(Number(r.bytes) / items),
      records: Math.round((Number(r.records) / items) * 10) / 10,
    }));
  } catch {
    return null;
  }
}

/** `orders 610 B (2 rec) · order_legs 540 B (4 rec) · …`: a breakdown on one line. */
export function walBreakdownLine(parts: Array<{ relation: string; bytes: number; records: number }>): string {
  return parts.map((p) => `${p.relation} ${p.bytes} B (${p.records} rec)`).join(' · ');
}
