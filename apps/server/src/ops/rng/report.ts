/** The Markdown report a lab reads: verdicts first, then every test with its figures. */
import { histogramsSvg } from './charts.ts';
import type { DieharderRun } from './dieharder.ts';
import type { FamilyResult, TestGroup, TestRow } from './evaluate.ts';
import { ALPHA } from './stats.ts';

export interface ReportMeta {
  readonly drawsPerFamily: number;
  /** Sampling time (seconds); the battery's own time is in its run. */
  readonly samplingSeconds: number;
  readonly totalSeconds: number;
  readonly commit: string;
  readonly generatedAt: string;
  readonly node: string;
  readonly keySource: string;
  readonly workers: number;
}

export type BatteryOutcome = { readonly skipped: string } | DieharderRun;

export interface RenderedReport {
  readonly markdown: string;
  /** Chart files by name, to write beside the report under `chartDir`. */
  readonly charts: Readonly<Record<string, string>>;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fixed2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fixed4 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const scientific = new Intl.NumberFormat('en-US', { notation: 'scientific', maximumSignificantDigits: 2 });
const sig3 = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** p-values: four decimals, scientific below 0.001, "< 1e-15" where double precision ends. */
export function formatP(p: number): string {
  if (p < 1e-15) return '< 1E-15';
  return p < 0.001 ? scientific.format(p) : fixed4.format(p);
}

const formatStatistic = (row: TestRow): string =>
  Number.isFinite(row.statistic)
    ? row.df === null
      ? `z = ${fixed2.format(row.statistic)}`
      : `χ² = ${fixed2.format(row.statistic)}`
    : '∞';

const mark = (pass: boolean): string => (pass ? 'pass' : '**FAIL**');

const GROUP_TITLES: Record<TestGroup, string> = {
  position: 'Chi-square of each position’s values',
  attribute: 'Chi-square of the derived attributes the plays use',
  runs: 'Runs across consecutive periods (Wald–Wolfowitz)',
  serial: 'Lag-1 serial correlation across consecutive periods',
  gap: 'Gap tests',
  play: 'Winning counts of each play line against its play-table probability',
};

function testTable(rows: readonly TestRow[]): string[] {
  const lines = [
    '| test | statistic | df | p-value | at α = 0.01 | figures |',
    '|---|---:|---:|---:|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${formatStatistic(row)} | ${row.df ?? '—'} | ${formatP(row.pValue)} | ${mark(row.pass)} | ${row.detail} |`,
    );
  }
  return lines;
}

function familySection(result: FamilyResult, chartDir: string): string[] {
  const v = result.verdict;
  const lines = [
    `## ${result.name} (\`${result.family}\`)`,
    '',
    `${count.format(result.draws)} draws under ${count.format(result.keys)} random keys (${Object.entries(
      result.lotteries,
    )
      .map(([code, n]) => `\`${code}\` ${count.format(n)}`)
      .join(
        ', ',
      )}). ${v.tests} tests: ${v.failedAtAlpha} below α = 0.01 (${sig3.format(v.expectedFailures)} expected by chance); ` +
      `lowest p-value ${formatP(v.minPValue)} against the family-wise threshold ${formatP(v.threshold)}: **${v.pass ? 'PASS' : 'FAIL'}** at 99 %.`,
    '',
    `![${result.name} position values](${chartDir}/${result.family}-positions.svg)`,
    '',
  ];
  if (result.sumChart)
    lines.push(`![${result.name} ${result.sumChart.title}](${chartDir}/${result.family}-sum.svg)`, '');
  const groups: TestGroup[] = ['position', 'attribute', 'runs', 'serial', 'gap', 'play'];
  for (const group of groups) {
    const rows = result.rows.filter((r) => r.group === group);
    if (rows.length === 0) continue;
    const failed = rows.filter((r) => !r.pass).length;
    lines.push(
      `### ${GROUP_TITLES[group]} — ${rows.length - failed}/${rows.length} pass`,
      '',
      ...testTable(rows),
      '',
    );
  }
  return lines;
}

function batterySection(battery: BatteryOutcome): string[] {
  const lines = ['## The raw HMAC byte stream through dieharder', ''];
  if ('skipped' in battery) return [...lines, `Not run: ${battery.skipped}.`, ''];
  if (!battery.available) return [...lines, `Not run: ${battery.note ?? 'dieharder is unavailable'}.`, ''];
  const tally = (a: string) => battery.results.filter((r) => r.assessment === a).length;
  lines.push(
    `dieharder ${battery.version ?? ''} (\`dieharder -g 200\`, the bytes on standard input), ` +
      `${count.format(battery.bytes)} bytes generated in ${count.format(battery.seconds)} s. ` +
      `${battery.results.length} results: ${tally('PASSED')} PASSED, ${tally('WEAK')} WEAK, ${tally('FAILED')} FAILED. ` +
      'dieharder calls a p-value WEAK below 0.005 or above 0.995 and FAILED below 0.000001 or above 0.999999; ' +
      'among a hundred results a WEAK or two is what a good generator shows.',
    '',
    '| test | ntup | tsamples | psamples | p-value | assessment |',
    '|---|---:|---:|---:|---:|---|',
  );
  for (const r of battery.results) {
    const assessment = r.assessment === 'PASSED' ? 'PASSED' : `**${r.assessment}**`;
    lines.push(
      `| ${r.test} | ${r.ntup} | ${count.format(r.tsamples)} | ${r.psamples} | ${fixed4.format(r.pValue)} | ${assessment} |`,
    );
  }
  if (battery.incomplete.length > 0) lines.push('', `Not completed: ${battery.incomplete.join('; ')}.`);
  lines.push('');
  return lines;
}

export function renderReport(
  results: readonly FamilyResult[],
  battery: BatteryOutcome,
  meta: ReportMeta,
  chartDir: string,
): RenderedReport {
  const charts: Record<string, string> = {};
  for (const r of results) {
    charts[`${r.family}-positions.svg`] = histogramsSvg(r.positionCharts);
    if (r.sumChart) charts[`${r.family}-sum.svg`] = histogramsSvg([r.sumChart], 1);
  }
  const allPass = results.every((r) => r.verdict.pass);
  const batteryFailed = !('skipped' in battery) && battery.results.some((r) => r.assessment === 'FAILED');
  const lines = [
    '# RNG statistics of the lottery draws',
    '',
    `Generated by \`npm run rng:report\` on ${meta.generatedAt} at commit \`${meta.commit}\` (Node ${meta.node}, ${meta.workers} worker threads). ` +
      `${count.format(meta.drawsPerFamily)} draws per family; sampling took ${count.format(meta.samplingSeconds)} s, the whole run ${count.format(meta.totalSeconds)} s.`,
    '',
    '**How the draws were made.** Exactly as production draws a period: a draw seed key (32 bytes from ' +
      `${meta.keySource}, a new one every 1,000 consecutive periods), seed = HMAC-SHA256(key, "<lottery>:<period>") ` +
      '(`deriveSeed`, apps/server/src/modules/lottery), open numbers = `deriveOpenNumbers(family, seed, period)` and ' +
      'their attributes = `describeOpenCode` (packages/shared/src/domain/lottery), period numbers from each lottery’s schedule. ' +
      'Bet lines are settled with each play’s own `winningItems`.',
    '',
    '**How to read it.** Every test is at the labs’ 99 % confidence: it fails when its p-value is below α = ' +
      `${ALPHA}. A fair generator still fails about 1 test in 100 by chance, so each family’s verdict is family-wise ` +
      '(Bonferroni): the family passes when no p-value is below 0.01 / m, m its number of tests, which keeps the chance ' +
      'of a false alarm for the family at or under 1 %. Expected values come from enumerating every outcome of the ' +
      'positions a figure reads (六合彩’s sum from a subset-sum count), not from the code under test. Categories expected ' +
      'fewer than 5 times are pooled with their neighbours. Some tests read the same figure: 大 and 小 (or 单 and 双) of ' +
      'one sum are complementary, and the 总和大小 attribute is the 总和大/总和小 bet lines, so one chance deviation ' +
      'shows as two or three failures with the same χ². In the charts, bars are observed counts and red ticks the ' +
      'counts a fair draw expects.',
    '',
    `**Verdict: ${allPass ? 'every family passes' : 'at least one family FAILS'} at 99 %` +
      `${'skipped' in battery ? '' : batteryFailed ? '; dieharder reports FAILED results' : '; no dieharder test FAILED'}.**`,
    '',
    '| family | draws | keys | tests | below α = 0.01 (expected) | lowest p | family-wise threshold | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.name} \`${r.family}\` | ${count.format(r.draws)} | ${count.format(r.keys)} | ${r.verdict.tests} | ` +
        `${r.verdict.failedAtAlpha} (${sig3.format(r.verdict.expectedFailures)}) | ${formatP(r.verdict.minPValue)} | ` +
        `${formatP(r.verdict.threshold)} | ${r.verdict.pass ? 'PASS' : '**FAIL**'} |`,
    ),
    '',
    ...batterySection(battery),
    ...results.flatMap((r) => familySection(r, chartDir)),
  ];
  return { markdown: lines.join('\n'), charts };
}
