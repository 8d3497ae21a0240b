import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  makeManifest,
  manifestPath,
  readManifest,
  sha256sumText,
  verifyManifest,
  writeManifest,
} from './manifest.ts';

const BUILT_AT = new Date('2026-11-30T08:00:00Z');
let root: string;

/** A shipped tree as the image lays it out, with what the manifest must leave out beside it. */
async function shippedTree(): Promise<void> {
  const files: Record<string, string> = {
    'apps/server/dist/server.js': 'console.log("server")\n',
    'apps/server/dist/.build-fingerprint': 'stamp',
    'apps/server/drizzle/0000_init.sql': 'CREATE TABLE t (id int);\n',
    'apps/server/drizzle/meta/_journal.json': '{"entries":[]}\n',
    'apps/web/dist/index.html': '<!doctype html>',
    'apps/web/dist/assets/index-abc.js': 'export {}\n',
    'apps/web/dist/.vite/manifest.json': '{}',
    'apps/admin/dist/index.html': '<!doctype html><title>console</title>',
    'apps/server/src/server.ts': 'not shipped',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'integrity-'));
  await shippedTree();
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('software manifest', () => {
  it('lists every shipped file with its SHA-256, and nothing else', async () => {
    const manifest = await makeManifest(root, '1.9.5', BUILT_AT);
    expect(manifest.files.map((f) => f.path)).toEqual([
      'apps/admin/dist/index.html',
      'apps/server/dist/server.js',
      'apps/server/drizzle/0000_init.sql',
      'apps/server/drizzle/meta/_journal.json',
      'apps/web/dist/assets/index-abc.js',
      'apps/web/dist/index.html',
    ]);
    const server = manifest.files.find((f) => f.path === 'apps/server/dist/server.js')!;
    expect(server.sha256).toBe(createHash('sha256').update('console.log("server")\n').digest('hex'));
    expect(server.bytes).toBe(22);
    // The digest is the SHA-256 of the listing `sha256sum` prints (and `sha256sum -c` checks).
    expect(sha256sumText(manifest.files).split('\n')[1]).toBe(`${server.sha256}  apps/server/dist/server.js`);
    expect(manifest.digest).toBe(createHash('sha256').update(sha256sumText(manifest.files)).digest('hex'));
    expect(manifest).toMatchObject({
      format: 1,
      algorithm: 'sha256',
      version: '1.9.5',
      built_at: BUILT_AT.toISOString(),
    });
  });

  it('is the same for the same files, and another for one byte changed', async () => {
    const first = await makeManifest(root, '1.9.5', BUILT_AT);
    expect((await makeManifest(root, '1.9.5', BUILT_AT)).digest).toBe(first.digest);
    await writeFile(path.join(root, 'apps/web/dist/index.html'), '<!doctype html>.');
    expect((await makeManifest(root, '1.9.5', BUILT_AT)).digest).not.toBe(first.digest);
  });

  it('verifies unchanged files, and names each file changed, missing or added', async () => {
    const manifest = await makeManifest(root, '1.9.5', BUILT_AT);
    await writeManifest(root, manifest);
    // The written manifest is not one of the files it lists.
    expect(await verifyManifest(root, manifest)).toMatchObject({
      ok: true,
      changed: [],
      missing: [],
      added: [],
      files: 6,
    });

    await writeFile(path.join(root, 'apps/server/dist/server.js'), 'console.log("patched")\n');
    await unlink(path.join(root, 'apps/server/drizzle/0000_init.sql'));
    await writeFile(path.join(root, 'apps/web/dist/assets/extra.js'), 'steal()');
    // Build stamps and other dot-files come and go without a difference.
    await writeFile(path.join(root, 'apps/admin/dist/.build-fingerprint'), 'stamp');
    expect(await verifyManifest(root, manifest)).toMatchObject({
      ok: false,
      changed: ['apps/server/dist/server.js'],
      missing: ['apps/server/drizzle/0000_init.sql'],
      added: ['apps/web/dist/assets/extra.js'],
    });
  });

  it('reads back what it wrote, and refuses a manifest whose list was edited without its digest', async () => {
    const manifest = await makeManifest(root, '1.9.5', BUILT_AT);
    const file = await writeManifest(root, manifest);
    expect(file).toBe(manifestPath(root));
    expect(await readManifest(file)).toEqual(manifest);
    expect(await readManifest(path.join(root, 'none.json'))).toBeNull();

    const edited = {
      ...manifest,
      files: manifest.files.map((f, i) => (i === 0 ? { ...f, sha256: '0'.repeat(64) } : f)),
    };
    await writeFile(file, JSON.stringify(edited));
    await expect(readManifest(file)).rejects.toThrow('清单摘要与其文件列表不符');
    // Recomputing the digest makes a consistent manifest, but a new digest: what the operator
    // recorded at build time no longer matches.
    const forged = { ...edited, digest: digestOf(edited.files) };
    await writeFile(file, JSON.stringify(forged));
    expect((await readManifest(file))?.digest).not.toBe(manifest.digest);
    await writeFile(file, '{"format":2}');
    await expect(readManifest(file)).rejects.toThrow();
  });
});
