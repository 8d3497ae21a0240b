/**
 * The raw HMAC byte stream through dieharder (Debian's `dieharder`, R. G. Brown's battery of the
 * Diehard, NIST STS and RGB tests).
 *
 * The stream is what draws consume: for consecutive periods under a fresh random key every
 * PERIODS_PER_KEY periods (as the sampler), seed = deriveSeed(key, lottery, period) and the
 * draw's blocks HMAC-SHA-256(seed, "<period>:<i>"), i = 0, 1, concatenated. The blocks are
 * computed with node:crypto for speed (dieharder reads hundreds of megabytes per test); the
 * first block under every key is checked against the shared `DrawByteStream` the draws use, so
 * a difference stops the run instead of testing the wrong bytes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { currentPeriod, DrawByteStream, LOTTERIES, type LotteryPeriod, nextPeriod } from '@app/shared';
import { deriveSeed } from '../../modules/lottery/index.ts';
import { type KeySource, PERIODS_PER_KEY, SAMPLE_START_MS } from './sampler.ts';

/** HMAC blocks taken per period: a draw rarely needs more than two. */
export const BLOCKS_PER_PERIOD = 2;

/**
 * An endless stream of draw bytes over every lottery, one key per PERIODS_PER_KEY periods.
 * `counter.bytes` tells how many bytes were handed out.
 */
export function drawByteStream(keys: KeySource, counter: { bytes: number }): Readable {
  const cursors = new Map<string, LotteryPeriod>(
    LOTTERIES.map((l) => [l.code, currentPeriod(l, SAMPLE_START_MS)]),
  );
  let key = keys();
  let keyIndex = 0;
  let periodsUnderKey = 0;
  const chunkPeriods = 1024;
  return new Readable({
    highWaterMark: 1 << 20,
    read() {
      const chunk = Buffer.allocUnsafe(chunkPeriods * BLOCKS_PER_PERIOD * 32);
      let offset = 0;
      for (let p = 0; p < chunkPeriods; p++) {
        if (periodsUnderKey === PERIODS_PER_KEY) {
          key = keys();
          keyIndex += 1;
          periodsUnderKey = 0;
        }
        const lottery = LOTTERIES[keyIndex % LOTTERIES.length]!;
        const period = cursors.get(lottery.code)!;
        cursors.set(lottery.code, nextPeriod(lottery, period));
        const seed = deriveSeed(key, lottery.code, period.number);
        for (let i = 0; i < BLOCKS_PER_PERIOD; i++) {
          const block = createHmac('sha256', seed).update(`${period.number}:${i}`).digest();
          if (periodsUnderKey === 0 && i === 0) assertSameAsDrawStream(seed, period.number, block);
          block.copy(chunk, offset);
          offset += 32;
        }
        periodsUnderKey += 1;
      }
      counter.bytes += chunk.length;
      this.push(chunk);
    },
  });
}

function assertSameAsDrawStream(seed: string, period: string, block: Buffer): void {
  const stream = new DrawByteStream(seed, period);
  for (let b = 0; b < 32; b++) {
    if (stream.nextByte() !== block[b]) throw new Error('node:crypto HMAC blocks differ from DrawByteStream');
  }
}

export type Assessment = 'PASSED' | 'WEAK' | 'FAILED';

export interface DieharderResult {
  readonly test: string;
  readonly ntup: number;
  readonly tsamples: number;
  readonly psamples: number;
  readonly pValue: number;
  readonly assessment: Assessment;
}

/**
 * The result lines of dieharder's standard table:
 * `   diehard_birthdays|   0|       100|     100|0.59202333|  PASSED  `.
 */
export function parseDieharder(output: string): DieharderResult[] {
  const results: DieharderResult[] = [];
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 6) continue;
    const [test, ntup, tsamples, psamples, pValue, assessment] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (assessment !== 'PASSED' && assessment !== 'WEAK' && assessment !== 'FAILED') continue;
    results.push({
      test,
      ntup: Number(ntup),
      tsamples: Number(tsamples),
      psamples: Number(psamples),
      pValue: Number(pValue),
      assessment,
    });
  }
  return results;
}

/**
 * The tests run by default, each with dieharder's own parameters: the ones its author rates
 * "Good" whose data fits a run of about half an hour at this generator's speed. `-a` (every
 * test, several gigabytes) is RNG_DIEHARDER_TESTS=all.
 */
export const DEFAULT_TESTS: readonly string[] = [
  // Cheapest first (seconds each on 2 busy cores), so a spent budget leaves out the dearest.
  'diehard_birthdays',
  'diehard_operm5',
  'diehard_rank_32x32',
  'diehard_rank_6x8',
  'diehard_bitstream',
  'diehard_count_1s_str',
  'diehard_count_1s_byt',
  'diehard_parking_lot',
  'diehard_2dsphere',
  'diehard_3dsphere',
  'diehard_squeeze',
  'diehard_runs',
  'diehard_craps',
  'sts_monobit',
  'sts_runs',
  'sts_serial',
  'dab_bytedistrib',
  'dab_monobit2',
  'dab_filltree',
  'dab_filltree2',
  'dab_dct',
  'marsaglia_tsang_gcd',
  'rgb_kstest_test',
  'rgb_permutations',
  'rgb_minimum_distance',
  'rgb_lagged_sum',
  'rgb_bitdist',
];

/** Arguments of one test: rgb_bitdist and friends need an ntuple size that `-a` would loop over. */
const testArguments = (test: string): string[] => {
  if (test === 'all') return ['-a'];
  const ntuple: Record<string, string> = {
    rgb_bitdist: '8',
    rgb_minimum_distance: '4',
    rgb_permutations: '5',
    rgb_lagged_sum: '0',
  };
  // dieharder prints these two under shortened names that its -d does not look up.
  const number: Record<string, string> = { diehard_count_1s_str: '8', diehard_count_1s_byt: '9' };
  return ['-d', number[test] ?? test, ...(ntuple[test] ? ['-n', ntuple[test]] : [])];
};

export interface DieharderRun {
  readonly available: boolean;
  /** Why dieharder did not run, when it did not. */
  readonly note: string | null;
  readonly version: string | null;
  readonly results: readonly DieharderResult[];
  /** Tests cut off by the time limit or that printed no result. */
  readonly incomplete: readonly string[];
  readonly bytes: number;
  readonly seconds: number;
}

/** Finds dieharder, installing Debian's package when running as root and it is missing. */
export function ensureDieharder(
  log: (line: string) => void,
): { ok: true; version: string } | { ok: false; note: string } {
  const probe = () => spawnSync('dieharder', ['-l'], { encoding: 'utf8' });
  let found = probe();
  if (found.error && process.getuid?.() === 0) {
    log('dieharder is missing: apt-get install -y dieharder');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'dieharder'], { stdio: 'ignore' });
    found = probe();
  }
  if (found.error) {
    return {
      ok: false,
      note: 'dieharder is not installed and could not be installed here (Debian: `apt-get install -y dieharder` as root)',
    };
  }
  const version = /dieharder version (\S+)/.exec(found.stdout)?.[1] ?? 'unknown';
  return { ok: true, version };
}

/** Runs one dieharder invocation on a fresh draw byte stream; resolves with its output. */
function runOne(
  test: string,
  keys: KeySource,
  counter: { bytes: number },
  timeoutMs: number,
): Promise<{ output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn('dieharder', ['-g', '200', ...testArguments(test)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const source = drawByteStream(keys, counter);
    let output = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    // dieharder closes its input when a test has read enough: that ends the stream, not the run.
    child.stdin.on('error', () => source.destroy());
    source.on('error', (err) => {
      child.kill('SIGTERM');
      reject(err);
    });
    source.pipe(child.stdin);
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      source.unpipe(child.stdin);
      source.destroy();
      resolve({ output, timedOut });
    });
  });
}

export interface DieharderOptions {
  readonly tests: readonly string[];
  readonly keys: KeySource;
  /** Time limit of each test. */
  readonly testTimeoutMs: number;
  /** Tests not started once this much time has passed are listed as not run. */
  readonly budgetMs: number;
  readonly log: (line: string) => void;
  /** Milliseconds since some fixed origin (performance.now), to measure the budget. */
  readonly now: () => number;
}

export async function runDieharder(options: DieharderOptions): Promise<DieharderRun> {
  const started = options.now();
  const found = ensureDieharder(options.log);
  if (!found.ok)
    return {
      available: false,
      note: found.note,
      version: null,
      results: [],
      incomplete: [],
      bytes: 0,
      seconds: 0,
    };
  const counter = { bytes: 0 };
  const results: DieharderResult[] = [];
  const incomplete: string[] = [];
  for (const test of options.tests) {
    if (options.now() - started > options.budgetMs) {
      incomplete.push(`${test} (not started: time budget spent)`);
      continue;
    }
    const before = options.now();
    const { output, timedOut } = await runOne(test, options.keys, counter, options.testTimeoutMs);
    const parsed = parseDieharder(output);
    results.push(...parsed);
    if (timedOut) incomplete.push(`${test} (stopped after ${Math.round(options.testTimeoutMs / 1000)} s)`);
    else if (parsed.length === 0)
      incomplete.push(`${test} (no result: ${output.trim().split('\n').pop() ?? ''})`);
    const verdicts = parsed.map((r) => r.assessment).join(' ');
    options.log(
      `dieharder ${test}: ${verdicts || 'no result'} in ${Math.round((options.now() - before) / 1000)} s`,
    );
  }
  return {
    available: true,
    note: null,
    version: found.version,
    results,
    incomplete,
    bytes: counter.bytes,
    seconds: (options.now() - started) / 1000,
  };
}
