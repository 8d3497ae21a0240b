import type { FastifyBaseLogger } from 'fastify';
import type { AdapterCall, AdapterCallSink } from '../../adapters/call-log.ts';
import type { Db } from '../../db/client.ts';
import { insertCalls } from './adapter-calls.repo.ts';

export interface AdapterCallLogOptions {
  /** Records waiting at most; more are dropped (and counted). Default 2000. */
  maxQueued?: number;
  /** Rows per INSERT. Default 200. */
  batch?: number;
  /** Called with the number of records dropped (queue full, or a batch the database refused). */
  onDropped?: (n: number) => void;
}

/**
 * The sink of every adapter's call records: `record` only queues (it never waits and never
 * throws), and one writer inserts what has queued in batches, in the background. A full queue
 * drops the newest record, a batch the database refuses is dropped: these are diagnostics, and a
 * provider call must never wait for, or fail because of, its own record.
 */
export class AdapterCallLog implements AdapterCallSink {
  private readonly queue: AdapterCall[] = [];
  private readonly maxQueued: number;
  private readonly batch: number;
  private writing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly options: AdapterCallLogOptions = {},
  ) {
    this.maxQueued = options.maxQueued ?? 2_000;
    this.batch = options.batch ?? 200;
  }

  record(call: AdapterCall): void {
    if (this.closed || this.queue.length >= this.maxQueued) {
      this.options.onDropped?.(1);
      return;
    }
    this.queue.push(call);
    // The records of one burst go in one statement: the write starts on the next turn.
    this.writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Records waiting to be written. */
  get queued(): number {
    return this.queue.length;
  }

  /** Waits until everything queued so far is written (or dropped). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes what is queued and takes no more. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const rows = this.queue.splice(0, this.batch);
        try {
          await insertCalls(this.db, rows);
        } catch (err) {
          this.options.onDropped?.(rows.length);
          this.log.warn({ err, dropped: rows.length }, 'adapter call records not written');
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
