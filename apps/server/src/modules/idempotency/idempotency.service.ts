import type { Db } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { sha256 } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import * as repo from './idempotency.repo.ts';

const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export interface IdempotentCall {
  memberId: number;
  /** The Idempotency-Key header; without one the call simply runs. */
  key: string | undefined;
  /** Method and route pattern, e.g. "POST /v1/order/submit". */
  route: string;
  /** The validated request, hashed to refuse a key reused for a different request. */
  request: unknown;
}

export interface IdempotentResult<T> {
  data: T;
  replayed: boolean;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    return v;
  });
}

/**
 * Runs a money-moving request once per Idempotency-Key: the business work and the stored
 * answer commit in one transaction, and a retry with the same key gets that answer back.
 */
export class IdempotencyService {
  constructor(private readonly db: Db) {}

  /**
   * The answer stored under a member's key, if a request with it has committed: lets a job that
   * submits on a member's behalf find its own earlier submit again whatever the request now is.
   */
  async answered<T>(memberId: number, key: string): Promise<T | undefined> {
    const earlier = await repo.findRecord(this.db, memberId, key);
    return earlier ? (earlier.response as T) : undefined;
  }

  async run<T>(call: IdempotentCall, fn: (work: Work) => Promise<T>): Promise<IdempotentResult<T>> {
    if (call.key === undefined) {
      return { data: await inTransaction(this.db, fn), replayed: false };
    }
    const key = call.key;
    if (!KEY_PATTERN.test(key)) throw refuse('idempotency.key_invalid');
    const requestHash = sha256(`${call.route}\n${stableJson(call.request)}`);

    return inTransaction(this.db, async (work) => {
      // Same member and key wait for each other; different keys never do.
      await lockForTransaction(work.tx, 'idempotencyKey', `${call.memberId}:${key}`);
      const earlier = await repo.findRecord(work.tx, call.memberId, key);
      if (earlier) {
        if (earlier.requestHash !== requestHash || earlier.route !== call.route) {
          throw refuse('idempotency.key_reused');
        }
        return { data: earlier.response as T, replayed: true };
      }
      const data = await fn(work);
      await repo.insertRecord(work.tx, {
        memberId: call.memberId,
        key,
        route: call.route,
        requestHash,
        statusCode: 200,
        response: JSON.parse(stableJson(data)) as unknown,
      });
      return { data, replayed: false };
    });
  }
}
