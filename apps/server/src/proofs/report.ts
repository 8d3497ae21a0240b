import type { LightMyRequestResponse } from 'fastify';

/** What is wrong with an answer's shape, or null: every refusal is `{code, message, data}` with a Chinese message. */
export function envelopeProblem(res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json')) {
    // Files (CSV exports) and pages may be other types when they succeed; a refusal never.
    return res.statusCode >= 400 ? `refusal is ${type || 'untyped'}, not the envelope` : null;
  }
  let answer: unknown;
  try {
    answer = res.json();
  } catch {
    return 'invalid JSON';
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    !('code' in answer) ||
    !('message' in answer) ||
    !('data' in answer)
  )
    return 'not an envelope';
  const { code, message } = answer as { code: unknown; message: unknown };
  if (res.statusCode >= 400 && code !== res.statusCode) return `code ${String(code)} ≠ status`;
  if (typeof message !== 'string' || !/[\u4e00-\u9fff]/.test(message))
    return `message not Chinese: ${String(message)}`;
  return null;
}

/** Prints a proof's figures as an aligned two-column table. */
export function printTable(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n== ${title}\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`);
}

/** Seconds since `started` (a performance.now() reading), to a tenth: "7.6". */
export function secondsSince(started: number): string {
  return String(Math.round((performance.now() - started) / 100) / 10);
}
