import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Pusher from 'pusher-js';
import { privateUserChannel } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestApp, newMember, TEST_START, uniqueIp, type TestApp } from '../../test/harness.ts';
import { TestSocket, type Frame } from '../../test/socket-client.ts';

// Small limits, so each is reached in a few frames; the frame budget refills on this clock only.
const LIMITS = {
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '3',
  REALTIME_MAX_MESSAGES_PER_S: '10',
  REALTIME_MESSAGE_BURST: '5',
  REALTIME_MAX_FRAME_BYTES: '2048',
  // The sockets come through a proxy on loopback that names each test's client address.
  TRUST_PROXY: '127.0.0.1',
};
const OVER_CAPACITY = 4100;
const RATE_LIMITED = { code: 4301, message: 'Client event rejected due to rate limit' };

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];
const clock = new ManualClock(TEST_START);

beforeAll(async () => {
  t = await createTestApp(LIMITS, undefined, undefined, clock);
  base = await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** A socket from the given client address (each test its own, so their counts never meet). */
async function openFrom(address: string) {
  const socket = await TestSocket.open(base, undefined, { 'x-forwarded-for': address });
  sockets.push(socket);
  return socket;
}

const ping = { event: 'pusher:ping', data: {} };
const count = (socket: TestSocket, match: (f: Frame) => boolean) => socket.frames.filter(match).length;
const isRateLimited = (f: Frame) =>
  f.event === 'pusher:error' && (f.data as { code: number }).code === RATE_LIMITED.code;

describe('connections per client address', () => {
  it('closes the connection past the limit with 4100, and counts each client address apart', async () => {
    const address = uniqueIp();
    const held = [await openFrom(address), await openFrom(address), await openFrom(address)];
    for (const socket of held) await socket.socketId();

    const fourth = await openFrom(address);
    const error = await fourth.event('pusher:error');
    expect(error.data).toEqual({
      code: OVER_CAPACITY,
      message: 'Over capacity: too many connections from this address',
    });
    expect(await fourth.waitClosed()).toBe(OVER_CAPACITY);
    expect(count(fourth, (f) => f.event === 'pusher:connection_established')).toBe(0);

    // Another client behind the same proxy is not held to the first one's count.
    await (await openFrom(uniqueIp())).socketId();

    // A socket that goes frees its place.
    const before = t.app.services.hub.stats().connections;
    held[0]!.close();
    await vi.waitFor(() => expect(t.app.services.hub.stats().connections).toBe(before - 1));
    await (await openFrom(address)).socketId();
  });

  it('leaves pusher-js backing off (4100), not giving up', async () => {
    // pusher-js sends no X-Forwarded-For: its address is the proxy's own, 127.0.0.1.
    for (let i = 0; i < 3; i++) {
      const socket = await TestSocket.open(base);
      sockets.push(socket);
      await socket.socketId();
    }
    const pusher = new Pusher('jingcai-key', {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: Number(new URL(base).port),
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    try {
      const error = new Promise<unknown>((resolve) => pusher.connection.bind('error', resolve));
      const retryIn = new Promise<number>((resolve) => pusher.connection.bind('connecting_in', resolve));
      expect(await error).toMatchObject({ error: { data: { code: OVER_CAPACITY } } });
      // 'backoff': pusher-js reconnects after a second; a 40xx would have left it disconnected.
      expect(await retryIn).toBe(1);
      expect(pusher.connection.state).not.toBe('disconnected');
    } finally {
      pusher.disconnect();
    }
  });
});

describe('frames per socket', () => {
  it('refuses frames over the rate with 4301, once per run, and closes a socket that keeps sending with 4100', async () => {
    const socket = await openFrom(uniqueIp());
    await socket.socketId();
    // The burst (5) is answered.
    for (let i = 0; i < 5; i++) await socket.request(ping, 'pusher:pong');
    // The 6th is refused with the protocol's rate-limit error; the connection stays.
    expect((await socket.request(ping, 'pusher:error')).data).toEqual(RATE_LIMITED);
    expect(socket.closeCode).toBeNull();
    // Four more are refused without another answer; the next burst's worth closes it.
    for (let i = 0; i < 10; i++) socket.send(ping);
    expect(await socket.waitClosed()).toBe(OVER_CAPACITY);
    expect(count(socket, isRateLimited)).toBe(1);
    expect(count(socket, (f) => f.event === 'pusher:pong')).toBe(5);
  });

  it('serves a socket again once the clock has refilled its budget', async () => {
    const socket = await openFrom(uniqueIp());
    await socket.socketId();
    for (let i = 0; i < 5; i++) await socket.request(ping, 'pusher:pong');
    expect((await socket.request(ping, 'pusher:error')).data).toEqual(RATE_LIMITED);
    clock.advance(1_000);
    for (let i = 0; i < 5; i++) await socket.request(ping, 'pusher:pong');
    expect(socket.closeCode).toBeNull();
  });

  it('closes a socket that sends a frame larger than the limit with 4100', async () => {
    const socket = await openFrom(uniqueIp());
    await socket.socketId();
    // Just under the limit is read as usual.
    const padded = JSON.stringify({ event: 'pusher:ping', data: { pad: 'x'.repeat(1_900) } });
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(2048);
    await socket.request(padded, 'pusher:pong');
    socket.send(JSON.stringify({ event: 'pusher:ping', data: { pad: 'x'.repeat(3_000) } }));
    expect(await socket.waitClosed()).toBe(OVER_CAPACITY);
    await vi.waitFor(() => expect(t.app.services.hub.stats().limited.oversized).toBeGreaterThan(0));
  });
});

describe('an honest client', () => {
  it('subscribes, pings, answers pings and receives its events, untouched by the limits', async () => {
    const member = await newMember(t.app);
    const socket = await openFrom(uniqueIp());
    const socketId = await socket.socketId();
    const channel = privateUserChannel(member.id);
    const auth = (
      await as(t.app, member, {
        method: 'POST',
        url: '/v1/broadcasting/auth',
        payload: { channel_name: channel, socket_id: socketId },
      })
    ).json<{ auth: string }>().auth;
    // A reconnect's subscriptions at once, within the burst.
    await socket.request(
      { event: 'pusher:subscribe', data: { channel, auth } },
      'pusher_internal:subscription_succeeded',
    );
    for (const name of ['matches.live', 'announcements', 'lottery.k3_1m']) {
      await socket.request(
        { event: 'pusher:subscribe', data: { channel: name } },
        'pusher_internal:subscription_succeeded',
      );
    }
    // Then what a pusher-js client sends over the next minutes: a ping when idle, a pong when
    // pinged, a channel left and taken again as the member moves between screens.
    for (let i = 0; i < 3; i++) {
      clock.advance(25_000);
      await socket.request(ping, 'pusher:pong');
      socket.send({ event: 'pusher:pong', data: {} });
      socket.send({ event: 'pusher:unsubscribe', data: { channel: 'lottery.k3_1m' } });
      await socket.request(
        { event: 'pusher:subscribe', data: { channel: 'lottery.k3_1m' } },
        'pusher_internal:subscription_succeeded',
      );
    }
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: member.id, amount: 1_000n, type: 'deposit' }),
    );
    expect(JSON.parse((await socket.event('balance.changed')).data as string)).toMatchObject({
      balance: '10.00',
    });
    expect(count(socket, (f) => f.event === 'pusher:error')).toBe(0);
    expect(socket.closeCode).toBeNull();
  });
});
