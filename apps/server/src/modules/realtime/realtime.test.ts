import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Pusher from 'pusher-js';
import { privateUserChannel } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { TestSocket } from '../../test/socket-client.ts';
import { updateMember } from '../accounts/accounts.repo.ts';

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];
// The hub measures silence and pong waits on this clock; the tests move it and run the sweep.
const clock = new ManualClock(TEST_START);

beforeAll(async () => {
  t = await createTestApp(
    { REALTIME_ACTIVITY_TIMEOUT_S: '1', REALTIME_PONG_TIMEOUT_MS: '600' },
    undefined,
    undefined,
    clock,
  );
  base = await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function open(path?: string) {
  const socket = await TestSocket.open(base, path);
  sockets.push(socket);
  return socket;
}

async function authFor(member: TestMember, channel: string, socketId: string) {
  return as(t.app, member, {
    method: 'POST',
    url: '/v1/broadcasting/auth',
    payload: { channel_name: channel, socket_id: socketId },
  });
}

/** A socket subscribed to the member's own private channel. */
async function subscribed(member: TestMember) {
  const socket = await open();
  const socketId = await socket.socketId();
  const channel = privateUserChannel(member.id);
  const auth = (await authFor(member, channel, socketId)).json<{ auth: string }>().auth;
  await socket.request(
    { event: 'pusher:subscribe', data: { channel, auth } },
    'pusher_internal:subscription_succeeded',
  );
  return socket;
}

const credit = (memberId: number, amount: bigint) =>
  inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId, amount, type: 'deposit' }),
  );

describe('Pusher protocol handshake', () => {
  it('establishes a connection with a socket id and the activity timeout', async () => {
    const socket = await open();
    const frame = await socket.event('pusher:connection_established');
    const data = JSON.parse(frame.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(1);
  });

  it.each([
    ['/app/wrong-key?protocol=7', 4001],
    ['/app/jingcai-key', 4008],
    ['/app/jingcai-key?protocol=x', 4006],
    ['/app/jingcai-key?protocol=9', 4007],
    ['/app/jingcai-key/extra?protocol=7', 4005],
  ])('refuses %s with code %d', async (path, code) => {
    const socket = await open(path);
    const error = await socket.event('pusher:error');
    expect((error.data as { code: number }).code).toBe(code);
    expect(await socket.waitClosed()).toBe(code);
  });

  it('answers pings and subscribes to public channels without auth', async () => {
    const socket = await open();
    await socket.socketId();
    await socket.request({ event: 'pusher:ping', data: {} }, 'pusher:pong');
    const ok = await socket.request(
      { event: 'pusher:subscribe', data: { channel: 'matches.live' } },
      'pusher_internal:subscription_succeeded',
    );
    expect(ok.channel).toBe('matches.live');
    await t.app.services.realtime.broadcaster.publish('matches.live', 'score', { match_id: 1, score: '1:0' });
    const event = await socket.event('score');
    expect(JSON.parse(event.data as string)).toEqual({ match_id: 1, score: '1:0' });
  });

  it('answers malformed frames with pusher:error and keeps the connection', async () => {
    const socket = await open();
    await socket.socketId();
    for (const bad of [
      'not json',
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":{"channel":""}}',
      '{"event":"pusher:subscribe","data":{"channel":"bad channel!"}}',
      '{"event":"unknown:thing","data":{}}',
      '[]',
      'null',
    ]) {
      const error = await socket.request(bad, 'pusher:error');
      expect(error.data).toEqual({ code: 4200, message: 'Invalid message format' });
    }
    const clientEvent = await socket.request(
      { event: 'client-hello', channel: 'matches.live', data: {} },
      'pusher:error',
    );
    expect((clientEvent.data as { code: number }).code).toBe(4301);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await socket.request({ event: 'pusher:ping' }, 'pusher:pong');
    expect(socket.closeCode).toBeNull();
  });

  /** Time passes on the hub's clock (1 s activity timeout + its grace; 600 ms pong wait) and it sweeps. */
  const passes = (ms: number) => {
    clock.advance(ms);
    t.app.services.hub.sweep();
  };

  it('pings a silent socket and closes it with 4201 when no pong comes', async () => {
    const socket = await open();
    await socket.socketId();
    passes(1_300);
    await socket.event('pusher:ping');
    passes(700);
    expect(await socket.waitClosed()).toBe(4201);
  });

  it('keeps a socket that answers the server’s ping', async () => {
    const socket = await open();
    await socket.socketId();
    passes(1_300);
    await socket.event('pusher:ping');
    socket.send({ event: 'pusher:pong', data: {} });
    // The pong is the socket's only frame: once the hub has taken it, no ping waits for an answer.
    await vi.waitFor(() => expect(t.app.services.hub.stats().awaitingPong).toBe(0));
    passes(700);
    await socket.request({ event: 'pusher:ping' }, 'pusher:pong');
    expect(socket.closeCode).toBeNull();
  });
});

describe('private channels', () => {
  it('signs only the member’s own channel', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const socket = await open();
    const socketId = await socket.socketId();
    const own = await authFor(a, privateUserChannel(a.id), socketId);
    expect(own.statusCode).toBe(200);
    const signed = own.json<{ code: number; auth: string; data: { auth: string } }>();
    expect(signed.code).toBe(200);
    expect(signed.auth).toMatch(/^jingcai-key:[0-9a-f]{64}$/);
    expect(signed.data.auth).toBe(signed.auth);

    const other = await authFor(a, privateUserChannel(b.id), socketId);
    expect(other.statusCode).toBe(403);
    expect(body(other)).toEqual({
      code: 403,
      message: '无权订阅该频道',
      data: { reason: 'realtime.channel_forbidden' },
    });
    for (const channel of ['private-admin', 'presence-room', 'private-encrypted-user.1']) {
      expect((await authFor(a, channel, socketId)).statusCode).toBe(403);
    }
    expect((await authFor(a, 'matches.live', socketId)).statusCode).toBe(400);
  });

  it('refuses a subscription with a forged or borrowed signature', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const socket = await open();
    const socketId = await socket.socketId();
    const forged = await socket.request(
      {
        event: 'pusher:subscribe',
        data: { channel: privateUserChannel(b.id), auth: `jingcai-key:${'0'.repeat(64)}` },
      },
      'pusher:error',
    );
    expect(forged.data).toEqual({ code: 4009, message: 'Connection is unauthorized' });
    // A signature for A's channel does not open B's, nor A's on another socket.
    const aAuth = (await authFor(a, privateUserChannel(a.id), socketId)).json<{ auth: string }>().auth;
    const borrowed = await socket.request(
      { event: 'pusher:subscribe', data: { channel: privateUserChannel(b.id), auth: aAuth } },
      'pusher:error',
    );
    expect((borrowed.data as { code: number }).code).toBe(4009);
    const elsewhere = await open();
    await elsewhere.socketId();
    const replay = await elsewhere.request(
      { event: 'pusher:subscribe', data: { channel: privateUserChannel(a.id), auth: aAuth } },
      'pusher:error',
    );
    expect((replay.data as { code: number }).code).toBe(4009);
  });

  it('batch auth answers channel by channel', async () => {
    const a = await newMember(t.app);
    const res = await as(t.app, a, {
      method: 'POST',
      url: '/v1/broadcasting/auth-batch',
      payload: { channels: [privateUserChannel(a.id), privateUserChannel(a.id + 1)], socket_id: '123.456' },
    });
    const data = body<Record<string, { auth?: string; status?: number }>>(res).data;
    expect(data[privateUserChannel(a.id)]?.auth).toMatch(/^jingcai-key:/);
    expect(data[privateUserChannel(a.id + 1)]).toEqual({ error: '无权订阅该频道', status: 403 });
  });

  it.each([
    ['/v1/broadcasting/auth', { channel_name: 'private-user.1' }, '请提供 socket_id'],
    ['/v1/broadcasting/auth', { channel_name: 'private-user.1', socket_id: 'abc' }, 'socket_id 格式不正确'],
    ['/v1/broadcasting/auth', { socket_id: '1.2' }, '请提供频道名称'],
    ['/v1/broadcasting/auth-batch', { channels: [], socket_id: '1.2' }, '请至少提供一个频道'],
    ['/v1/broadcasting/auth-batch', { channels: 'x', socket_id: '1.2' }, 'channels 必须是频道数组'],
    ['/v1/websocket/heartbeat', {}, '请提供 socket_id'],
    ['/v1/websocket/update-status', { status: 'away', socket_id: '1.2' }, 'status 须为 online 或 offline'],
  ])('%s refuses %j', async (url, payload, message) => {
    const a = await newMember(t.app);
    expect(body(await as(t.app, a, { method: 'POST', url, payload }))).toMatchObject({ code: 400, message });
  });

  it('needs a login for every websocket call', async () => {
    for (const [method, url] of [
      ['POST', '/v1/broadcasting/auth'],
      ['POST', '/v1/broadcasting/auth-batch'],
      ['GET', '/v1/websocket/connection-info'],
      ['POST', '/v1/websocket/test-connection'],
      ['GET', '/v1/websocket/current-balance'],
      ['GET', '/v1/websocket/online-status'],
      ['POST', '/v1/websocket/heartbeat'],
      ['POST', '/v1/websocket/update-status'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });
});

describe('balance events', () => {
  it('pushes balance.changed to the member after the ledger change commits', async () => {
    const a = await newMember(t.app);
    const socket = await subscribed(a);
    await updateMember(t.database.db, a.id, { paysum: 12_000n, codingvolume: 12_000n });
    await credit(a.id, 12_000n);
    const frame = await socket.event('balance.changed');
    expect(frame.channel).toBe(privateUserChannel(a.id));
    const data = JSON.parse(frame.data as string) as Record<string, unknown>;
    expect(data).toMatchObject({
      balance: '120.00',
      change_amount: '120.00',
      change_type: 'deposit',
      change_type_text: '充值到账',
      wallet: 'main',
      codingvolume: '120.00',
      paysum: '120.00',
      totalgame: '0.00',
    });
    expect(Math.abs(Number(data.timestamp) - clock.now().getTime())).toBeLessThan(5_000);
  });

  it('sends nothing for a change that rolls back, and nothing to other members', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const socketA = await subscribed(a);
    const socketB = await subscribed(b);
    await credit(a.id, 500n);
    await expect(
      inTransaction(t.database.db, async (work) => {
        await t.app.services.ledger.post(work, { memberId: a.id, amount: -300n, type: 'bet' });
        throw new Error('order insert failed');
      }),
    ).rejects.toThrow('order insert failed');
    await credit(a.id, 100n);
    await socketA.next((f) => f.event === 'balance.changed' && (f.data as string).includes('"6.00"'));
    const balances = socketA.frames
      .filter((f) => f.event === 'balance.changed')
      .map((f) => (JSON.parse(f.data as string) as { balance: string }).balance);
    expect(balances).toEqual(['5.00', '6.00']);
    expect(socketB.frames.filter((f) => f.event === 'balance.changed')).toHaveLength(0);
  });

  it('pushes order.settled to the member after commit', async () => {
    const a = await newMember(t.app);
    const socket = await subscribed(a);
    t.app.services.events.emit('order.settled', {
      memberId: a.id,
      orderId: 7,
      orderNo: 'S2611210000001',
      status: 'won',
      payout: 12_345n,
      at: clock.now(),
    });
    const data = JSON.parse((await socket.event('order.settled')).data as string) as Record<string, unknown>;
    expect(data).toMatchObject({ order_id: 7, order_no: 'S2611210000001', status: 'won', payout: '123.45' });
  });

  it('pushes user-info.changed when profile fields change', async () => {
    const a = await newMember(t.app);
    const socket = await subscribed(a);
    await as(t.app, a, { method: 'POST', url: '/v1/user/update', payload: { nickname: '新昵称' } });
    const data = JSON.parse((await socket.event('user-info.changed')).data as string) as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({ changed_fields: ['nickname'], change_type: 'profile', balance: '0.00' });
  });

  it('works with the official pusher-js client, unchanged', async () => {
    const a = await newMember(t.app);
    const info = body<{ app_key: string; host: string; port: number; channels: { private: string } }>(
      await as(t.app, a, { method: 'GET', url: '/v1/websocket/connection-info' }),
    ).data;
    const pusher = new Pusher(info.app_key, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: Number(new URL(base).port),
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: `${base}/v1/broadcasting/auth`,
        transport: 'ajax',
        headers: { Authorization: a.auth.authorization },
      },
    });
    try {
      const channel = pusher.subscribe(info.channels.private);
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
      });
      const received = new Promise<{ balance: string }>((resolve) =>
        channel.bind('balance.changed', resolve),
      );
      await credit(a.id, 2_500n);
      expect((await received).balance).toBe('25.00');
    } finally {
      pusher.disconnect();
    }
  });
});

describe('websocket helper calls', () => {
  it('describes how to connect, for this member', async () => {
    const a = await newMember(t.app);
    const res = await as(t.app, a, {
      method: 'GET',
      url: '/v1/websocket/connection-info',
      headers: { host: 'app.example.com:8080' },
    });
    expect(body(res).data).toMatchObject({
      driver: 'embedded',
      scheme: 'ws',
      host: 'app.example.com',
      port: 8080,
      app_key: 'jingcai-key',
      auth_endpoint: '/v1/broadcasting/auth',
      channels: { private: privateUserChannel(a.id) },
      activity_timeout: 1,
    });
  });

  it('tests the connection by pushing to the member’s own channel', async () => {
    const a = await newMember(t.app);
    const socket = await subscribed(a);
    const res = await as(t.app, a, { method: 'POST', url: '/v1/websocket/test-connection' });
    expect(body(res)).toMatchObject({
      code: 200,
      message: '连接测试成功',
      data: { success: true, driver: 'embedded', connections: 1 },
    });
    expect(JSON.parse((await socket.event('connection.test')).data as string)).toMatchObject({
      message: '连接测试成功',
    });
  });

  it('reports the current balance and tracks online status by socket and heartbeat', async () => {
    const a = await newMember(t.app);
    await credit(a.id, 777n);
    expect(
      body(await as(t.app, a, { method: 'GET', url: '/v1/websocket/current-balance' })).data,
    ).toMatchObject({
      balance: '7.77',
      frozen_balance: '0.00',
    });
    const status = async () =>
      body<{ is_online: number; connections: number }>(
        await as(t.app, a, { method: 'GET', url: '/v1/websocket/online-status' }),
      ).data;
    expect(await status()).toMatchObject({ is_online: 0, connections: 0 });
    const beat = await as(t.app, a, {
      method: 'POST',
      url: '/v1/websocket/heartbeat',
      payload: { socket_id: '1.2' },
    });
    expect(body(beat).data).toMatchObject({ status: 'online' });
    expect(await status()).toMatchObject({ is_online: 1, connections: 0 });
    const off = await as(t.app, a, {
      method: 'POST',
      url: '/v1/websocket/update-status',
      payload: { status: 'offline', socket_id: '1.2' },
    });
    expect(body(off).data).toMatchObject({ is_online: 0, status: 'offline' });
    const socket = await subscribed(a);
    expect(await status()).toMatchObject({ is_online: 1, connections: 1 });
    socket.close();
    await socket.waitClosed();
    // The server sees the close on its own side of the connection.
    await vi.waitFor(async () => expect(await status()).toMatchObject({ connections: 0 }));
  });
});
