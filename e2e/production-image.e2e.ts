import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layOutImage, type ImageLayout } from './support/image-layout.ts';

/**
 * The production image proven without a container runtime (issue 45): the Dockerfile's stages
 * laid out from its own lines (support/image-layout.ts) in a folder outside the repository, then
 * its CMD started with its ENV and what APP_ENV=production requires, on a fresh PostgreSQL
 * database, as a user that owns none of the files. Skipped when no PostgreSQL answers
 * (TEST_DATABASE_URL's server, else postgres@127.0.0.1:5432).
 */

const repo = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
adminUrl.pathname = '/postgres';
const BUILD_OUTPUTS = [
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/admin/dist/index.html',
];
const POLL_MS = 200;
const START_LIMIT_MS = 60_000;

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl.href, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.href });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Every entry under `dir` with its kind, size and modification time: what a write would change. */
function snapshot(dir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const stat = lstatSync(full);
      seen.set(path.relative(dir, full), `${stat.mode}:${stat.size}:${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return seen;
}

const available = await postgresAnswers();
if (!available) console.warn(`production-image: skipped, no PostgreSQL answers at ${adminUrl.host}`);

describe.skipIf(!available)('the production image, laid out from the Dockerfile', () => {
  const database = `image_${process.pid}_${randomBytes(4).toString('hex')}`;
  let root: string;
  let layout: ImageLayout;
  let env: Record<string, string>;
  let baseUrl: string;
  let server: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let before: Map<string, string>;
  // `USER node`: root here runs the process as nobody, who owns none of the files (--chown=root:root).
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const timings: string[] = [];

  beforeAll(async () => {
    let mark = performance.now();
    const lap = (what: string) => {
      timings.push(`${what} ${Math.round(performance.now() - mark)} ms`);
      mark = performance.now();
    };
    if (!BUILD_OUTPUTS.every((f) => existsSync(path.join(repo, f)))) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: repo, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
      lap('npm run build');
    }
    root = mkdtempSync(path.join(os.tmpdir(), 'image-'));
    chmodSync(root, 0o755);
    layout = layOutImage(repo, root);
    lap('layout (deps npm ci + copies)');

    await adminQuery(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(adminUrl.href);
    databaseUrl.pathname = `/${database}`;
    const port = await freePort();
    const secret = () => randomBytes(32).toString('hex');
    env = {
      // The image's PATH finds node; nothing else of this machine's environment (no NODE_PATH).
      PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      ...layout.runtime.env,
      // `docker run -e PORT=…`: a free port instead of 3000 on this shared machine.
      PORT: String(port),
      DATABASE_URL: databaseUrl.href,
      APP_SECRET: secret(),
      PAYMENT_GATEWAY_SECRET: secret(),
      DRAW_SEED_KEY: secret(),
      METRICS_TOKEN: secret(),
      // A staging site: the simulators on purpose (no real provider answers here).
      ALLOW_SPORTS_SIMULATOR: 'true',
      ALLOW_PAYMENT_SIMULATOR: 'true',
      ALLOW_GAME_SIMULATOR: 'true',
      ALLOW_SMS_SIMULATOR: 'true',
    };
    baseUrl = `http://127.0.0.1:${port}`;
    before = snapshot(layout.runtimeDir);

    const [command, ...args] = layout.runtime.cmd!;
    server = spawn(command!, args, { cwd: layout.runtimeDir, env, ...asUser, stdio: 'pipe' });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
    let gone = false;
    void exited.then(() => (gone = true));
    const started = performance.now();
    let lastAnswer = 'none';
    for (;;) {
      if (gone) throw new Error(`the server exited before answering:\n${output}`);
      if (performance.now() - started > START_LIMIT_MS)
        throw new Error(`/readyz not 200 in ${START_LIMIT_MS} ms (last: ${lastAnswer}):\n${output}`);
      const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
      if (ready?.status === 200) break;
      if (ready) lastAnswer = `${ready.status} ${await ready.text()}`;
      await pause(POLL_MS);
    }
    lap('start until /readyz 200');
  });

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    if (available) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (root) rmSync(root, { recursive: true, force: true });
    console.info(`production-image: ${timings.join(', ')}`);
  });

  it('lays out what the runtime needs, and nothing resolves from the repository', () => {
    expect(layout.runtimeDir.startsWith(repo)).toBe(false);
    for (const shipped of ['apps/server/dist', 'apps/server/drizzle', 'apps/web/dist', 'apps/admin/dist'])
      expect(existsSync(path.join(layout.runtimeDir, shipped)), shipped).toBe(true);
    // What the deps stage removed stays out; the repository's dev tools are out of reach.
    expect(existsSync(path.join(layout.runtimeDir, 'apps/web/src'))).toBe(false);
    // A module script run as the server runs (its user, environment and folder).
    const runNode = (script: string) =>
      spawnSync(layout.runtime.cmd![0]!, ['--input-type=module', '-e', script], {
        cwd: path.join(layout.runtimeDir, 'apps/server/dist'),
        env,
        ...asUser,
        encoding: 'utf8',
      });
    const resolve = (name: string) => runNode(`console.log(import.meta.resolve(${JSON.stringify(name)}))`);
    // As `USER node` over root's files: the process cannot write where its code is.
    if (asUser.uid !== undefined) {
      expect(runNode(`(await import('node:fs')).writeFileSync('probe', '')`).stderr).toContain('EACCES');
    }
    expect(resolve('fastify').stdout).toContain(`file://${layout.runtimeDir}/node_modules/fastify/`);
    for (const devOnly of ['tsx', 'vitest', 'drizzle-kit', 'esbuild']) {
      const found = resolve(devOnly);
      expect(found.status, `${devOnly}: ${found.stdout}`).not.toBe(0);
      expect(found.stderr).toContain('ERR_MODULE_NOT_FOUND');
    }
  });

  it('answers /healthz, /readyz and the HEALTHCHECK; its shipped files match the build manifest', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const manifest = JSON.parse(
      readFileSync(path.join(layout.runtimeDir, 'apps/server/dist/integrity.json'), 'utf8'),
    ) as { digest: string };
    expect(await ready.json()).toMatchObject({
      code: 200,
      data: { checks: { database: 'ok', integrity: 'ok' }, integrity_digest: manifest.digest },
    });

    const [command, ...args] = layout.runtime.healthcheck!.cmd;
    const check = spawnSync(command!, args, { cwd: layout.runtimeDir, env, ...asUser, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    // README's check by hand, inside the image.
    const verify = spawnSync('node', ['apps/server/dist/integrity.js', 'verify'], {
      cwd: layout.runtimeDir,
      env,
      ...asUser,
      encoding: 'utf8',
    });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain(`一致：清单摘要 ${manifest.digest}`);
  });

  it('serves the member app at / and the console at /admin/, with their scripts', async () => {
    for (const [at, title] of [
      ['/', '<title>金彩体育</title>'],
      ['/admin/', '<title>金彩体育 · 运营后台</title>'],
    ] as const) {
      const page = await fetch(`${baseUrl}${at}`);
      expect(page.status, at).toBe(200);
      const html = await page.text();
      expect(html).toContain(title);
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script, `${at} names a script`).toBeDefined();
      const js = await fetch(new URL(script!, `${baseUrl}${at}`));
      expect(js.status, script).toBe(200);
      expect(js.headers.get('content-type')).toContain('javascript');
    }
  });

  it('answers an API call in the {code, message, data} envelope', async () => {
    const res = await fetch(`${baseUrl}/v1/app/config/all`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; message: string; data: unknown };
    expect(body).toMatchObject({ code: 200, message: '获取成功' });
    expect(body.data).toBeTypeOf('object');
    // Production: no API docs unless asked for.
    expect((await fetch(`${baseUrl}/docs/json`)).status).toBe(404);
  });

  it('stops on its STOPSIGNAL and has written nothing into its folder', async () => {
    server.kill(layout.runtime.stopSignal as NodeJS.Signals);
    expect(await exited, output).toBe(0);
    const after = snapshot(layout.runtimeDir);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (file) => before.get(file) !== after.get(file),
    );
    expect(changed).toEqual([]);
  });
});
