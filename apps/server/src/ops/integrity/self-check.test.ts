import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, createTestApp, newOperator, TEST_START, type TestApp } from '../../test/harness.ts';
import { makeManifest, manifestPath, writeManifest } from './manifest.ts';
import { SelfCheck } from './self-check.ts';

const DAY_MS = 24 * 3_600_000;

/** A built tree with its manifest, and an app (refuse or alert on a mismatch) checking it. */
async function builtTree(): Promise<{ root: string; digest: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'self-check-'));
  for (const [file, text] of Object.entries({
    'apps/server/dist/server.js': 'console.log("server")\n',
    'apps/server/drizzle/0000_init.sql': 'CREATE TABLE t (id int);\n',
    'apps/web/dist/index.html': '<!doctype html>',
    'apps/admin/dist/index.html': '<!doctype html><title>console</title>',
  })) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const manifest = await makeManifest(root, '1.9.5', TEST_START);
  await writeManifest(root, manifest);
  return { root, digest: manifest.digest };
}

function appChecking(root: string, onMismatch: 'refuse' | 'alert', clock: ManualClock): Promise<TestApp> {
  return createTestApp(
    { SELF_CHECK_MANIFEST: manifestPath(root), SELF_CHECK_ROOT: root, SELF_CHECK_ON_MISMATCH: onMismatch },
    undefined,
    undefined,
    clock,
  );
}

const readyz = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return {
    status: res.statusCode,
    data: body<{ checks: Record<string, string>; integrity_digest: string | null }>(res).data,
  };
};
const metric = async (t: TestApp, name: string) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').find((line) => line.startsWith(name)) ?? null;
};

describe('software self-check (GLI-33 software authentication)', () => {
  let tree: { root: string; digest: string };
  let clock: ManualClock;
  let t: TestApp;
  beforeAll(async () => {
    tree = await builtTree();
    clock = new ManualClock(TEST_START);
    t = await appChecking(tree.root, 'refuse', clock);
    // The first check runs in the background from start; run() joins it.
    await t.app.services.selfCheck.run();
  });
  afterAll(async () => {
    await t.close();
    await rm(tree.root, { recursive: true, force: true });
  });

  it('checks at start: ready, with the digest in /readyz, /metrics and the dashboard', async () => {
    expect(await readyz(t)).toMatchObject({
      status: 200,
      data: { checks: { database: 'ok', integrity: 'ok' }, integrity_digest: tree.digest },
    });
    expect(await metric(t, 'software_integrity_ok{')).toBe(
      `software_integrity_ok{digest="${tree.digest}"} 1`,
    );
    expect(await metric(t, 'software_integrity_problem_files ')).toBe('software_integrity_problem_files 0');
    const op = await newOperator(t.app, 'finance');
    const dashboard = body<{ integrity: Record<string, unknown> }>(
      await as(t.app, op, { method: 'GET', url: '/admin/v1/dashboard' }),
    ).data;
    expect(dashboard.integrity).toMatchObject({
      status: 'ok',
      digest: tree.digest,
      version: '1.9.5',
      files: 4,
      checked_at: TEST_START.toISOString(),
      next_at: new Date(TEST_START.getTime() + DAY_MS).toISOString(),
      problem_count: 0,
    });
  });

  it('finds a file changed after start at the next check, 24 hours on, and leaves service', async () => {
    await writeFile(path.join(tree.root, 'apps/web/dist/index.html'), '<!doctype html><script src="x.js">');
    await writeFile(path.join(tree.root, 'apps/web/dist/x.js'), 'steal()');
    // Not due yet: the change stays unseen until the day is up.
    clock.advance(DAY_MS - 60_000);
    expect((await t.app.services.selfCheck.runIfDue()).status).toBe('ok');
    clock.advance(60_000);
    const state = await t.app.services.selfCheck.runIfDue();
    expect(state).toMatchObject({
      status: 'mismatch',
      problem_count: 2,
      problems: [
        { path: 'apps/web/dist/index.html', problem: 'changed' },
        { path: 'apps/web/dist/x.js', problem: 'added' },
      ],
    });
    expect(await readyz(t)).toMatchObject({
      status: 503,
      data: { checks: { database: 'ok', integrity: 'mismatch' } },
    });
    expect(await metric(t, 'software_integrity_ok{')).toBe(
      `software_integrity_ok{digest="${tree.digest}"} 0`,
    );
    expect(await metric(t, 'software_integrity_problem_files ')).toBe('software_integrity_problem_files 2');
  });

  it('under `alert` reports a mismatch and stays in service; without a manifest it says unverified', async () => {
    const other = await builtTree();
    const alerting = await appChecking(other.root, 'alert', new ManualClock(TEST_START));
    expect((await alerting.app.services.selfCheck.run()).status).toBe('ok');
    await rm(path.join(other.root, 'apps/server/drizzle/0000_init.sql'));
    expect((await alerting.app.services.selfCheck.run()).problems).toEqual([
      { path: 'apps/server/drizzle/0000_init.sql', problem: 'missing' },
    ]);
    expect(await readyz(alerting)).toMatchObject({
      status: 200,
      data: { checks: { integrity: 'mismatch' } },
    });

    await rm(manifestPath(other.root));
    expect((await alerting.app.services.selfCheck.run()).status).toBe('unverified');
    expect(await readyz(alerting)).toMatchObject({
      status: 200,
      data: { checks: { integrity: 'unverified' } },
    });
    expect(await metric(alerting, 'software_integrity_ok{')).toBe('software_integrity_ok{digest=""} -1');
    await alerting.close();
    await rm(other.root, { recursive: true, force: true });
  });

  it('under `refuse` stays out of service until its first check has passed', async () => {
    const config = { manifest: manifestPath(tree.root), root: tree.root, everyMs: DAY_MS };
    const log = pino({ enabled: false });
    const refusing = new SelfCheck({ ...config, onMismatch: 'refuse' }, new ManualClock(TEST_START), log);
    const alerting = new SelfCheck({ ...config, onMismatch: 'alert' }, new ManualClock(TEST_START), log);
    expect([refusing.state().status, refusing.refusesService(), alerting.refusesService()]).toEqual([
      'pending',
      true,
      false,
    ]);
    // The tree was changed by the test before: the check finds it and keeps refusing.
    expect((await refusing.run()).status).toBe('mismatch');
    expect(refusing.refusesService()).toBe(true);
  });

  it('treats a manifest that is not one as a mismatch', async () => {
    const other = await builtTree();
    await writeFile(manifestPath(other.root), '{"format":1,"algorithm":"sha256"}');
    const broken = await appChecking(other.root, 'refuse', new ManualClock(TEST_START));
    await broken.app.services.selfCheck.run();
    expect(broken.app.services.selfCheck.state()).toMatchObject({ status: 'mismatch', problem_count: 1 });
    expect((await readyz(broken)).status).toBe(503);
    await broken.close();
    await rm(other.root, { recursive: true, force: true });
  });
});
