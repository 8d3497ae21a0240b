/** Helpers for the 理性投注 tests: the member's own settings through the API, and each money path. */
import type { LightMyRequestResponse } from 'fastify';
import { as, body, type TestApp, type TestMember } from '../../test/harness.ts';
import type { ExclusionView, PlayLimitView, ResponsiblePlayView } from './responsible.service.ts';

export function putLimit(
  t: TestApp,
  m: TestMember,
  kind: string,
  period: string,
  amount: string | null,
): Promise<LightMyRequestResponse> {
  return as(t.app, m, {
    method: 'PUT',
    url: '/v1/responsible-play/limits',
    payload: { kind, period, amount },
  });
}

/** Sets a limit and returns its view (throws unless 200). */
export async function setLimit(
  t: TestApp,
  m: TestMember,
  kind: string,
  period: string,
  amount: string | null,
): Promise<PlayLimitView> {
  const res = await putLimit(t, m, kind, period, amount);
  if (res.statusCode !== 200) throw new Error(`set limit: ${res.statusCode} ${res.body}`);
  return body<PlayLimitView>(res).data;
}

export async function overview(t: TestApp, m: TestMember): Promise<ResponsiblePlayView> {
  const res = await as(t.app, m, { method: 'GET', url: '/v1/responsible-play' });
  if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body}`);
  return body<ResponsiblePlayView>(res).data;
}

/** The view of one limit as GET /v1/responsible-play shows it. */
export async function limitOf(
  t: TestApp,
  m: TestMember,
  kind: string,
  period: string,
): Promise<PlayLimitView> {
  const found = (await overview(t, m)).limits.find((l) => l.kind === kind && l.period === period);
  if (!found) throw new Error(`no ${period} ${kind} limit in the overview`);
  return found;
}

export function startExclusion(t: TestApp, m: TestMember, choice: string, password = m.password) {
  return as(t.app, m, {
    method: 'POST',
    url: '/v1/responsible-play/exclusions',
    payload: { choice, password },
  });
}

export async function excluded(t: TestApp, m: TestMember, choice: string): Promise<ExclusionView> {
  const res = await startExclusion(t, m, choice);
  if (res.statusCode !== 200) throw new Error(`exclusion: ${res.statusCode} ${res.body}`);
  return body<ExclusionView>(res).data;
}

export function gameTransfer(t: TestApp, m: TestMember, type: 'in' | 'out', amount: string) {
  return as(t.app, m, { method: 'POST', url: '/v1/game/ng/transfer', payload: { type, amount } });
}

export function lotteryTransfer(t: TestApp, m: TestMember, direction: 'in' | 'out', amount: string) {
  return as(t.app, m, {
    method: 'POST',
    url: `/v1/game/lottery/transfer-${direction}`,
    payload: { amount },
  });
}

export function depositOrder(t: TestApp, m: TestMember, amount: string, method = 'alipay') {
  return as(t.app, m, { method: 'POST', url: '/v1/payment-orders', payload: { method, amount } });
}

/** `11月27日 00:00`-style Beijing time, as the refusals print it (the test's own formatting). */
export function beijing(at: string | Date): { monthDay: string; minute: string } {
  const shifted = new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString();
  const [date, time] = [shifted.slice(0, 10), shifted.slice(11, 16)];
  const [, month, day] = date.split('-');
  return { monthDay: `${Number(month)}月${Number(day)}日 ${time}`, minute: `${date} ${time}` };
}
