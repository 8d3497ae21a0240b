/**
 * Draw secrecy (docs/decisions/016-draw-secrecy.md): a period's seed is never stored before its
 * draw. It is derived from one key kept outside the database,
 *
 *   seed = HMAC-SHA256(key, "<lottery code>:<period number>")   as 64 lower-case hex characters
 *
 * so the scheduler can publish its commitment (SHA-256 of the seed) when it creates the period
 * and derive the very same seed again at the draw, while the database holds nothing from which
 * an open code could be computed.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { DRAW_SEED_KEY_PATTERN } from './lottery.config.ts';

/** The demo's generated key, inside DATA_DIR. */
export const DRAW_SEED_KEY_FILE = 'draw-seed.key';

/** A period's seed: HMAC-SHA256(key, "<lottery code>:<period number>") as 64 lower-case hex characters. */
export function deriveSeed(key: Buffer, lotteryCode: string, periodNumber: string): string {
  return createHmac('sha256', key).update(`${lotteryCode}:${periodNumber}`, 'utf8').digest('hex');
}

export interface DrawSeedKey {
  key: Buffer;
  /** Where it came from: DRAW_SEED_KEY, a test process's own random key, or the demo's file. */
  source: 'env' | 'ephemeral' | 'file';
  /** The first 12 hex characters of SHA-256(key): tells keys apart in logs without revealing them. */
  id: string;
  /** The demo's key file, when that is the source. */
  file?: string;
}

const keyOf = (hex: string, source: DrawSeedKey['source'], file?: string): DrawSeedKey => {
  const key = Buffer.from(hex, 'hex');
  return {
    key,
    source,
    id: createHash('sha256').update(key).digest('hex').slice(0, 12),
    ...(file ? { file } : {}),
  };
};

/**
 * The deployment's draw seed key: DRAW_SEED_KEY when set (always under APP_ENV=production, which
 * refuses to start without it); under NODE_ENV=test without one, a random key of this call's own,
 * kept nowhere (test harnesses that compute open codes pass their key as DRAW_SEED_KEY, from
 * src/test/keys.ts: no key written in the source is known to the server); otherwise the demo's key
 * file in DATA_DIR, created on the first start and read on every later one.
 */
export function resolveDrawSeedKey(
  config: Pick<AppConfig, 'env' | 'dataDir'> & { lottery: Pick<AppConfig['lottery'], 'drawSeedKey'> },
): DrawSeedKey {
  if (config.lottery.drawSeedKey) return keyOf(config.lottery.drawSeedKey, 'env');
  if (config.env === 'test') return keyOf(randomBytes(32).toString('hex'), 'ephemeral');
  const file = path.join(config.dataDir, DRAW_SEED_KEY_FILE);
  return keyOf(readOrCreateKeyFile(file), 'file', file);
}

/**
 * The hex key in `file`, which is created first when missing: 32 random bytes, mode 0600. The
 * file appears whole or not at all (written aside, synced, then linked into place), so processes
 * starting together on one DATA_DIR all end up with the key of whichever linked it first.
 */
export function readOrCreateKeyFile(file: string): string {
  const existing = readKeyFile(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = fs.openSync(aside, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    // Another process linked its key first: that one is the deployment's.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const created = readKeyFile(file);
  if (created === undefined) throw new Error(`${file} vanished while it was being created`);
  return created;
}

function readKeyFile(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const hex = text.trim();
  if (!DRAW_SEED_KEY_PATTERN.test(hex)) {
    // Never replaced silently: a new key would fail (and refund) every period not yet drawn.
    throw new Error(
      `${file} does not hold a draw seed key (64 or more hex characters): restore it, or set DRAW_SEED_KEY`,
    );
  }
  return hex.toLowerCase();
}
