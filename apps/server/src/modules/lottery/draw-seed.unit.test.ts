import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { commitment, deriveOpenCode, isSeedHex, verifyDraw } from '@app/shared';
import { loadConfig } from '../../config.ts';
import { DRAW_SEED_KEY_FILE, deriveSeed, readOrCreateKeyFile, resolveDrawSeedKey } from './draw-seed.ts';

const KEY = Buffer.from('11'.repeat(32), 'hex');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-seed-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('deriveSeed', () => {
  it('is HMAC-SHA256(key, "<code>:<period>") as a seed the public draw algorithm accepts', () => {
    const seed = deriveSeed(KEY, 'k3_1m', '202605200391');
    expect(seed).toBe(createHmac('sha256', KEY).update('k3_1m:202605200391').digest('hex'));
    expect(isSeedHex(seed)).toBe(true);
    const code = deriveOpenCode('k3', seed, '202605200391');
    expect(verifyDraw('k3', seed, commitment(seed), '202605200391', code)).toEqual({
      ok: true,
      openCode: code,
    });
  });

  it('gives another seed for another lottery, period or key', () => {
    const seed = deriveSeed(KEY, 'k3_1m', '202605200391');
    expect(deriveSeed(KEY, 'k3_5m', '202605200391')).not.toBe(seed);
    expect(deriveSeed(KEY, 'k3_1m', '202605200392')).not.toBe(seed);
    expect(deriveSeed(Buffer.from('12'.repeat(32), 'hex'), 'k3_1m', '202605200391')).not.toBe(seed);
    // Lottery codes hold no colon, so "<code>:<period>" names one period only.
    expect(deriveSeed(KEY, 'ab', 'c')).not.toBe(deriveSeed(KEY, 'a', 'bc'));
  });
});

describe('DRAW_SEED_KEY', () => {
  it('accepts 32 or more bytes of hex and refuses anything shorter or not hex', () => {
    const hex = 'AB'.repeat(32);
    expect(loadConfig({ DRAW_SEED_KEY: hex }).lottery.drawSeedKey).toBe(hex.toLowerCase());
    expect(loadConfig({ DRAW_SEED_KEY: 'ab'.repeat(48) }).lottery.drawSeedKey).toHaveLength(96);
    expect(loadConfig({}).lottery.drawSeedKey).toBeUndefined();
    for (const bad of [
      'ab'.repeat(31),
      `${'ab'.repeat(32)}a`,
      'zz'.repeat(32),
      Buffer.alloc(32).toString('base64'),
    ]) {
      expect(() => loadConfig({ DRAW_SEED_KEY: bad })).toThrow(
        /DRAW_SEED_KEY must be at least 64 hex characters/,
      );
    }
  });

  it('is the configured key when set, and in tests without one a random key kept nowhere', () => {
    const dataDir = tempDir();
    const set = resolveDrawSeedKey(loadConfig({ DRAW_SEED_KEY: '22'.repeat(32), DATA_DIR: dataDir }));
    expect(set).toMatchObject({ source: 'env', key: Buffer.from('22'.repeat(32), 'hex') });
    const test = resolveDrawSeedKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    expect(test.source).toBe('ephemeral');
    expect(test.key).toHaveLength(32);
    expect(test.id).toMatch(/^[0-9a-f]{12}$/);
    expect(test.id).not.toBe(set.id);
    // No key of the source's own: another test process gets another key.
    expect(resolveDrawSeedKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })).id).not.toBe(test.id);
    // Neither touched the data folder.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe('the demo key file', () => {
  it('is created once in DATA_DIR (mode 0600) and reused on every restart', () => {
    const dataDir = path.join(tempDir(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveDrawSeedKey(config);
    const file = path.join(dataDir, DRAW_SEED_KEY_FILE);
    expect(first).toMatchObject({ source: 'file', file });
    expect(first.key).toHaveLength(32);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${first.key.toString('hex')}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Nothing left beside it.
    expect(fs.readdirSync(dataDir)).toEqual([DRAW_SEED_KEY_FILE]);

    const modified = fs.statSync(file).mtimeMs;
    const again = resolveDrawSeedKey(loadConfig({ DATA_DIR: dataDir }));
    expect(again.key.equals(first.key)).toBe(true);
    expect(again.id).toBe(first.id);
    expect(fs.statSync(file).mtimeMs).toBe(modified);
  });

  it('is never replaced when it does not hold a key: the server stops and says so', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, DRAW_SEED_KEY_FILE);
    fs.writeFileSync(file, 'not a key\n');
    expect(() => resolveDrawSeedKey(loadConfig({ DATA_DIR: dataDir }))).toThrow(
      `${file} does not hold a draw seed key`,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('not a key\n');
  });

  it('is the same key for processes that start together on one data folder', async () => {
    const file = path.join(tempDir(), DRAW_SEED_KEY_FILE);
    const module = fileURLToPath(new URL('./draw-seed.ts', import.meta.url));
    const script = `import { readOrCreateKeyFile } from ${JSON.stringify(module)};
      process.stdout.write(readOrCreateKeyFile(process.argv[1]));`;
    const run = promisify(execFile);
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, file]).then(
          (r) => r.stdout,
        ),
      ),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(readOrCreateKeyFile(file));
    expect(fs.readdirSync(path.dirname(file))).toEqual([DRAW_SEED_KEY_FILE]);
  }, 30_000);
});
