/**
 * `npm run rng:report`: samples every lottery family through the production draw path, tests
 * the draws, runs the raw HMAC byte stream through dieharder, and writes
 * docs/compliance/rng-report.md with its charts in docs/compliance/rng/.
 *
 *   DRAWS_PER_FAMILY=1000000   draws per family (at least 1,000)
 *   RNG_DIEHARDER=0            skip dieharder
 *   RNG_DIEHARDER_TESTS=a,b    dieharder tests to run (default: DEFAULT_TESTS; `all` for -a)
 *   RNG_DIEHARDER_MINUTES=20   no new dieharder test starts after this long; 5 minutes at most each
 *   RNG_WORKERS=2              worker threads sampling families side by side
 *   RNG_SEED=label             reproducible keys (SHA-256 of label:i) instead of crypto.randomBytes
 *
 * Exits 1 when a family fails family-wise or dieharder reports FAILED.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type FamilyCode, FAMILY_CODES } from '@app/shared';
import { DEFAULT_TESTS, runDieharder } from './dieharder.ts';
import { evaluateFamily, type FamilyResult } from './evaluate.ts';
import { familySpec } from './observations.ts';
import { type BatteryOutcome, renderReport } from './report.ts';
import { type FamilyTally, randomKeys, seededKeys } from './sampler.ts';
import type { SampleJob, WorkerMessage } from './worker.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const REPORT_FILE = path.join(ROOT, 'docs/compliance/rng-report.md');
const CHART_DIR = path.join(ROOT, 'docs/compliance/rng');

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const log = (line: string) => process.stdout.write(`${line}\n`);

function positiveInteger(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, not "${raw}"`);
  return value;
}

/** Heaviest families first, so two workers finish close together. */
const SAMPLING_ORDER: readonly FamilyCode[] = ['pk10', 'ssc', 'lhc', 'k3', '11x5'];

function sampleInWorker(job: SampleJob): Promise<FamilyTally> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: job });
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') log(`  ${message.family}: ${count.format(message.done)} draws`);
      else resolve(message.tally);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${job.family} worker exited with ${code}`));
    });
  });
}

async function sampleAll(
  draws: number,
  workers: number,
  seedLabel: string | null,
): Promise<Map<FamilyCode, FamilyTally>> {
  const tallies = new Map<FamilyCode, FamilyTally>();
  const queue = SAMPLING_ORDER.filter((f) => FAMILY_CODES.includes(f));
  const lanes = Array.from({ length: workers }, async () => {
    for (let family = queue.shift(); family; family = queue.shift()) {
      const label = seedLabel === null ? null : `${seedLabel}:${family}`;
      tallies.set(family, await sampleInWorker({ family, draws, seedLabel: label }));
    }
  });
  await Promise.all(lanes);
  return tallies;
}

function commitOf(): string {
  try {
    return execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const draws = positiveInteger('DRAWS_PER_FAMILY', 1_000_000, 1_000);
  const workers = positiveInteger('RNG_WORKERS', Math.max(1, Math.min(2, os.availableParallelism())), 1);
  const seedLabel = process.env.RNG_SEED || null;
  const keySource = seedLabel === null ? 'crypto.randomBytes' : `the fixed stream SHA-256("${seedLabel}:…")`;
  log(
    `rng:report: ${count.format(draws)} draws per family, ${workers} worker threads, keys from ${keySource}`,
  );

  const tallies = await sampleAll(draws, workers, seedLabel);
  const samplingSeconds = (performance.now() - started) / 1000;
  const results: FamilyResult[] = FAMILY_CODES.map((family) =>
    evaluateFamily(familySpec(family), tallies.get(family)!),
  );
  for (const r of results)
    log(
      `${r.family}: ${r.verdict.pass ? 'PASS' : 'FAIL'} (${r.verdict.tests} tests, ${r.verdict.failedAtAlpha} below 0.01)`,
    );

  let battery: BatteryOutcome;
  if (process.env.RNG_DIEHARDER === '0') {
    battery = { skipped: 'RNG_DIEHARDER=0 was set' };
  } else {
    const requested = process.env.RNG_DIEHARDER_TESTS;
    const tests = requested
      ? requested
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : DEFAULT_TESTS;
    battery = await runDieharder({
      tests,
      keys: seedLabel === null ? randomKeys : seededKeys(`${seedLabel}:dieharder`),
      testTimeoutMs: 5 * 60_000,
      budgetMs: positiveInteger('RNG_DIEHARDER_MINUTES', 20, 1) * 60_000,
      log,
      now: () => performance.now(),
    });
  }

  const totalSeconds = (performance.now() - started) / 1000;
  const report = renderReport(
    results,
    battery,
    {
      drawsPerFamily: draws,
      samplingSeconds,
      totalSeconds,
      commit: commitOf(),
      generatedAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      node: process.versions.node,
      keySource,
      workers,
    },
    path.relative(path.dirname(REPORT_FILE), CHART_DIR),
  );
  fs.mkdirSync(CHART_DIR, { recursive: true });
  for (const [name, svg] of Object.entries(report.charts)) fs.writeFileSync(path.join(CHART_DIR, name), svg);
  fs.writeFileSync(REPORT_FILE, report.markdown);

  const total = results.reduce((s, r) => s + r.draws, 0);
  log(
    `wrote ${path.relative(ROOT, REPORT_FILE)} and ${Object.keys(report.charts).length} charts in ${path.relative(ROOT, CHART_DIR)}/`,
  );
  log(
    `sample sizes: ${results.map((r) => `${r.family} ${count.format(r.draws)}`).join(', ')} (${count.format(total)} draws)` +
      ('skipped' in battery ? '' : `; dieharder ${count.format(battery.bytes)} bytes`),
  );
  log(`run time: ${count.format(totalSeconds)} s (sampling ${count.format(samplingSeconds)} s)`);
  const failed =
    results.some((r) => !r.verdict.pass) ||
    (!('skipped' in battery) && battery.results.some((r) => r.assessment === 'FAILED'));
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      `rng:report failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(2);
  },
);
