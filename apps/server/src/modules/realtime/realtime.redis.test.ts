import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateUserChannel } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import {
  createTestApp,
  newMember,
  TERMS_CONSENT,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { TestSocket } from '../../test/socket-client.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = path.dirname(fileURLToPath(import.meta.url));

/** The env two processes of one deployment share: Redis, a unique topic prefix, one secret. */
function sharedEnv() {
  return {
    REDIS_URL,
    REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    APP_SECRET: randomBytes(16).toString('hex'),
  };
}

async function subscribe(baseUrl: string, member: TestMember, authBase = baseUrl) {
  const socket = await TestSocket.open(baseUrl);
  const socketId = await socket.socketId();
  const channel = privateUserChannel(member.id);
  const res = await fetch(`${authBase}/v1/broadcasting/auth`, {
    method: 'POST',
    headers: { ...member.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ channel_name: channel, socket_id: socketId }),
  });
  const { auth } = (await res.json()) as { auth: string };
  await socket.request(
    { event: 'pusher:subscribe', data: { channel, auth } },
    'pusher_internal:subscription_succeeded',
  );
  return socket;
}

describe('two servers on one database, fan-out over Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;

  beforeAll(async () => {
    const env = sharedEnv();
    a = await createTestApp(env);
    b = await createTestApp(env, undefined, { database: a.database });
    baseA = await a.listen();
    baseB = await b.listen();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers a balance change made on B to the member’s socket on A', async () => {
    expect(a.app.services.realtime.broadcaster.driver).toBe('redis');
    const member = await newMember(a.app);
    // Signed by B, subscribed on A: both share the secret.
    const socket = await subscribe(baseA, member, baseB);
    await inTransaction(b.database.db, (work) =>
      b.app.services.ledger.post(work, { memberId: member.id, amount: 4_200n, type: 'deposit' }),
    );
    const frame = await socket.event('balance.changed');
    expect(JSON.parse(frame.data as string)).toMatchObject({
      balance: '42.00',
      change_type_text: '充值到账',
    });
    socket.close();
  });

  it('reports the transport in test-connection', async () => {
    const member = await newMember(b.app);
    const res = await b.app.inject({
      method: 'POST',
      url: '/v1/websocket/test-connection',
      headers: member.auth,
    });
    expect(res.json()).toMatchObject({ code: 200, data: { success: true, driver: 'redis' } });
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Server processes started by this file (stopped after its tests, even one that never came up). */
const children: ChildProcess[] = [];

async function startServer(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../../server.ts')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const base = `http://127.0.0.1:${port}`;
  // Up once it says so: the start-up banner (or Fastify's own line) comes after listen().
  await new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (output.includes('is running at') || output.includes('Server listening at')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return base;
}

// Separate OS processes need a database both can open: PostgreSQL (PGlite belongs to one process).
describe.runIf(process.env.TEST_DB === 'postgres')('two server processes over Redis', () => {
  let baseA = '';
  let baseB = '';

  beforeAll(async () => {
    const env = { ...sharedEnv(), DATABASE_URL: process.env.TEST_DATABASE_URL! };
    [baseA, baseB] = await Promise.all([startServer(env), startServer(env)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  });

  it('a member on process A hears a change caused on process B', async () => {
    const username = `p${randomBytes(6).toString('hex')}`;
    const res = await fetch(`${baseB}/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'abc12345', ...TERMS_CONSENT }),
    });
    const { data } = (await res.json()) as {
      data: { token: string; userinfo: { id: number; invite_code: string } };
    };
    const member: TestMember = {
      id: data.userinfo.id,
      username,
      password: 'abc12345',
      token: data.token,
      auth: { authorization: `Bearer ${data.token}` },
      inviteCode: data.userinfo.invite_code,
    };
    const socket = await subscribe(baseA, member, baseA);
    const update = await fetch(`${baseB}/v1/user/update`, {
      method: 'POST',
      headers: { ...member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: '跨进程' }),
    });
    expect(update.status).toBe(200);
    const frame = await socket.event('user-info.changed', 5_000);
    expect(JSON.parse(frame.data as string)).toMatchObject({ changed_fields: ['nickname'] });
    const test = await fetch(`${baseB}/v1/websocket/test-connection`, {
      method: 'POST',
      headers: member.auth,
    });
    expect(((await test.json()) as { code: number }).code).toBe(200);
    await socket.event('connection.test', 5_000);
    socket.close();
  });
});
