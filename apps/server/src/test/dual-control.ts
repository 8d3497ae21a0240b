import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { as, body, type TestOperator } from './harness.ts';

/**
 * What a second operator does with a change that waits for them (dual control): the answer that
 * proposed it must carry `pending_change`, which `checker` approves. Returns the approval's data.
 */
export async function approvedBy(
  app: FastifyInstance,
  checker: TestOperator,
  proposed: LightMyRequestResponse,
  reason = '复核通过',
): Promise<{ change: { id: number; status: string }; result: Record<string, unknown> | null }> {
  const answer = body<{ pending_change?: { id: number } }>(proposed);
  expect(answer.code, proposed.body).toBe(200);
  const id = answer.data.pending_change?.id;
  expect(id, `no pending change in ${proposed.body.slice(0, 200)}`).toBeTypeOf('number');
  const res = await as(app, checker, {
    method: 'POST',
    url: `/admin/v1/control-changes/${id}/approve`,
    payload: { reason },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ change: { id: number; status: string }; result: Record<string, unknown> | null }>(res).data;
}
