import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_UPLOAD_MAX_ENTRIES } from '@app/shared';
import { pruneLogs } from './client-logs.repo.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';

type Page<T> = { list: T[]; total: number; has_more: boolean };
type Log = {
  id: number;
  client_id: string;
  level: string;
  category: string;
  message: string;
  platform: string;
  data: unknown;
};

let t: TestApp;
let alice: TestMember;
let bob: TestMember;

/** The phone's clock when it logged: client time, kept as sent (the server only orders by it). */
const PHONE_NOW = Date.parse('2026-11-20T04:00:00.000Z');
const device = { platform: 'h5', system: 'Linux x86_64 Chrome', version: '1.9.5', timestamp: PHONE_NOW };
let seq = 0;
function entry(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    id: `e${seq}-${Math.trunc(PHONE_NOW / 1000)}`,
    timestamp: PHONE_NOW - 1000 + seq,
    level: 'info',
    category: 'app',
    message: `第${seq}条日志`,
    data: { n: seq },
    ...extra,
  };
}
const upload = (m: TestMember, payload: Record<string, unknown>) =>
  as(t.app, m, { method: 'POST', url: '/v1/logs/upload', payload });
const read = async <T>(m: TestMember, url: string) =>
  body<T>(await as(t.app, m, { method: 'GET', url })).data;

beforeAll(async () => {
  t = await createTestApp();
  alice = await newMember(t.app);
  bob = await newMember(t.app);
});
afterAll(() => t.close());

describe('client logs', () => {
  it('stores an upload once, however often it is sent', async () => {
    const logs = [
      entry(),
      entry({ level: 'error', category: 'api', message: '请求失败', data: { status: 500 } }),
      entry({ level: 'warn', category: 'network', message: '网络已断开' }),
      entry({ category: 'session', platform: 'ios', system: 'iOS 17.4', version: '1.9.5' }),
    ];
    const first = await upload(alice, { logs, deviceInfo: device });
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toEqual({ accepted: 4, duplicates: 0 });
    const again = await upload(alice, { logs: [...logs, logs[0]], deviceInfo: device });
    expect(body(again).data).toEqual({ accepted: 0, duplicates: 5 });
    const page = await read<Page<Log>>(alice, '/v1/logs');
    expect(page.total).toBe(4);
    expect(page.list.find((l) => l.category === 'app')!.platform).toBe('h5');
  });

  it('filters errors, network and iOS logs and sums stats', async () => {
    const errors = await read<Page<Log>>(alice, '/v1/logs/errors');
    expect(errors.list.map((l) => l.message)).toEqual(['请求失败']);
    const network = await read<Page<Log>>(alice, '/v1/logs/network');
    expect(network.list.map((l) => l.category).sort()).toEqual(['api', 'network']);
    const ios = await read<Page<Log>>(alice, '/v1/logs/ios');
    expect(ios.list.map((l) => l.category)).toEqual(['session']);
    expect((await read<Page<Log>>(alice, '/v1/logs?level=warn')).total).toBe(1);
    expect((await read<Page<Log>>(alice, '/v1/logs?category=api')).total).toBe(1);
    const stats = await read<{
      total: number;
      by_level: Record<string, number>;
      by_platform: Array<{ platform: string; count: number }>;
      first_at: string | null;
    }>(alice, '/v1/logs/stats');
    expect(stats.total).toBe(4);
    expect(stats.by_level).toEqual({ debug: 0, info: 2, warn: 1, error: 1 });
    expect(stats.by_platform.find((p) => p.platform === 'ios')?.count).toBe(1);
    expect(stats.first_at).not.toBeNull();
  });

  it("never shows or deletes another member's logs", async () => {
    expect((await read<Page<Log>>(bob, '/v1/logs')).total).toBe(0);
    expect((await read<{ total: number }>(bob, '/v1/logs/stats')).total).toBe(0);
    expect((await read<{ count: number }>(bob, '/v1/logs/export')).count).toBe(0);
    // The same client ids from another member are that member's own entries.
    const aliceIds = (await read<Page<Log>>(alice, '/v1/logs')).list.map((l) => l.client_id);
    const res = await upload(bob, {
      logs: aliceIds.map((id) => ({ ...entry(), id })),
      deviceInfo: device,
    });
    expect(body(res).data).toEqual({ accepted: 4, duplicates: 0 });
    const cleared = await as(t.app, bob, { method: 'DELETE', url: '/v1/logs' });
    expect(body(cleared).data).toEqual({ deleted: 4 });
    expect((await read<Page<Log>>(alice, '/v1/logs')).total).toBe(4);
  });

  it('exports everything and clears it', async () => {
    const exported = await read<{ count: number; logs: Log[] }>(alice, '/v1/logs/export');
    expect(exported.count).toBe(4);
    expect(exported.logs.map((l) => l.data)).toContainEqual({ status: 500 });
    expect(body(await as(t.app, alice, { method: 'DELETE', url: '/v1/logs' })).data).toEqual({ deleted: 4 });
    expect((await read<Page<Log>>(alice, '/v1/logs')).total).toBe(0);
  });

  it("keeps only a member's newest entries when pruning, never touching others'", async () => {
    const carol = await newMember(t.app);
    const logs = [1, 2, 3, 4, 5].map((i) => entry({ message: `第${i}条` }));
    await upload(carol, { logs, deviceInfo: device });
    await upload(bob, { logs: [entry()], deviceInfo: device });
    await pruneLogs(t.database.db, carol.id, 3);
    const kept = await read<Page<Log>>(carol, '/v1/logs');
    expect(kept.list.map((l) => l.message)).toEqual(['第5条', '第4条', '第3条']);
    expect((await read<Page<Log>>(bob, '/v1/logs')).total).toBe(1);
    await as(t.app, bob, { method: 'DELETE', url: '/v1/logs' });
  });

  it('needs a member', async () => {
    for (const [method, url] of [
      ['POST', '/v1/logs/upload'],
      ['GET', '/v1/logs'],
      ['GET', '/v1/logs/stats'],
      ['GET', '/v1/logs/errors'],
      ['GET', '/v1/logs/export'],
      ['DELETE', '/v1/logs'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
        url,
      ).toBe(401);
    }
  });

  it('refuses bad uploads and stores nothing', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['empty', { logs: [], deviceInfo: device }],
      ['missing device', { logs: [entry()] }],
      ['not an array', { logs: 'x', deviceInfo: device }],
      [
        'too many',
        { logs: Array.from({ length: LOG_UPLOAD_MAX_ENTRIES + 1 }, () => entry()), deviceInfo: device },
      ],
      ['bad level', { logs: [entry({ level: 'fatal' })], deviceInfo: device }],
      ['seconds timestamp', { logs: [entry({ timestamp: 1_700_000_000 })], deviceInfo: device }],
      ['long message', { logs: [entry({ message: 'x'.repeat(2001) })], deviceInfo: device }],
      ['huge data', { logs: [entry({ data: { blob: 'x'.repeat(5000) } })], deviceInfo: device }],
      ['missing id', { logs: [{ ...entry(), id: undefined }], deviceInfo: device }],
    ];
    for (const [name, payload] of cases) {
      const res = await upload(alice, payload);
      expect(res.statusCode, name).toBe(400);
      expect(body(res).message, name).toMatch(/[\u4e00-\u9fa5]/);
    }
    const tooBig = await upload(alice, {
      logs: Array.from({ length: 150 }, () => entry({ message: '长'.repeat(2000) })),
      deviceInfo: device,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe('请求内容过大');
    expect((await read<Page<Log>>(alice, '/v1/logs')).total).toBe(0);
    for (const url of ['/v1/logs?level=fatal', '/v1/logs?per_page=101', '/v1/logs/errors?page=0']) {
      expect((await as(t.app, alice, { method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});
