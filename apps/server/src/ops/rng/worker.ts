/** A worker thread that samples one family and posts its tally (plain data) back. */
import { parentPort, workerData } from 'node:worker_threads';
import type { FamilyCode } from '@app/shared';
import { familySpec } from './observations.ts';
import { randomKeys, sampleFamily, seededKeys } from './sampler.ts';

export interface SampleJob {
  readonly family: FamilyCode;
  readonly draws: number;
  /** null: crypto.randomBytes keys; else the label of a reproducible key stream. */
  readonly seedLabel: string | null;
}

export type WorkerMessage =
  | { readonly kind: 'progress'; readonly family: FamilyCode; readonly done: number }
  | { readonly kind: 'tally'; readonly tally: ReturnType<typeof sampleFamily> };

const job = workerData as SampleJob;
const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const tally = sampleFamily(familySpec(job.family), {
  draws: job.draws,
  keys: job.seedLabel === null ? randomKeys : seededKeys(job.seedLabel),
  onProgress: (done) => {
    if (done % 100_000 === 0)
      port.postMessage({ kind: 'progress', family: job.family, done } satisfies WorkerMessage);
  },
});
port.postMessage({ kind: 'tally', tally } satisfies WorkerMessage);
