/**
 * The values this repository publishes that would otherwise pass as production secrets: test
 * keys, example secrets in docs and benches, any long random-looking literal. The server refuses
 * each of them under APP_ENV=production (ops/secrets.ts) by its SHA-256, so the list it ships
 * (`ops/published-secrets.ts`, written by this command) names no value itself.
 *
 *   npm run secrets:published -w @app/server     rewrites ops/published-secrets.ts from the tree
 *
 * `ops/published-secrets.unit.test.ts` scans the tree again and fails when a value is missing, so
 * a new test key or example cannot land without being refused in production.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyMaterialBytes, lowEntropyReason, MIN_SECRET_BYTES, secretDigest } from '../ops/secrets.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPOSITORY_ROOT = path.resolve(HERE, '../../../..');
export const PUBLISHED_LIST = path.resolve(HERE, '../ops/published-secrets.ts');

/** Files that are not ours to publish secrets in, or hold nothing a person would copy as one. */
const SKIPPED = [
  /(^|\/)package-lock\.json$/,
  /^apps\/server\/drizzle\/meta\//,
  /^apps\/server\/src\/ops\/published-secrets\.ts$/,
];

/**
 * Shapes a secret is written in. Anywhere: hex of 32 bytes or more, and base64 (or its URL form)
 * of 32 bytes or more that mixes upper case, lower case and digits as random bytes do. Assigned to
 * a name that says secret, key, token, password or seed: any quoted literal without interpolation
 * (`APP_SECRET: '…'`, `const OTHER_KEY = "…"`), or the value of such an env line (`APP_SECRET=…`).
 */
const ANYWHERE = [
  /(?<![0-9A-Za-z])[0-9a-fA-F]{64,}(?![0-9A-Za-z])/g,
  /(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*[0-9])(?=[A-Za-z0-9+/_-]*[a-z])(?=[A-Za-z0-9+/_-]*[A-Z])[A-Za-z0-9+/_-]{43,}={0,2}/g,
];
const SECRET_NAME = String.raw`[A-Za-z_]*(?:secret|key|token|passw|seed)[A-Za-z0-9_]*`;
const ASSIGNED = [
  new RegExp(String.raw`${SECRET_NAME}['"]?\s*[:=]\s*(['"\x60])((?:(?!\1)[^\s$])+)\1`, 'gi'),
  new RegExp(String.raw`^\s*(?:export\s+)?${SECRET_NAME}\s*=\s*()([^\s'"\x60]+)\s*$`, 'gim'),
];

/** Values of one text that would pass the other checks as a production secret. */
export function secretCandidates(text: string): string[] {
  const found = new Set<string>();
  const consider = (value: string | undefined) => {
    if (value && keyMaterialBytes(value) >= MIN_SECRET_BYTES && lowEntropyReason(value) === undefined)
      found.add(value);
  };
  for (const shape of ANYWHERE) for (const match of text.matchAll(shape)) consider(match[0]);
  for (const shape of ASSIGNED) for (const match of text.matchAll(shape)) consider(match[2]);
  return [...found];
}

/** The digests of every candidate in the repository's tracked text files, sorted. */
export function scanRepository(root = REPOSITORY_ROOT): string[] {
  const files = execFileSync(
    'git',
    ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  )
    .split('\0')
    .filter((file) => file && !SKIPPED.some((skip) => skip.test(file)));
  const digests = new Set<string>();
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (bytes.includes(0)) continue; // binary
    for (const value of secretCandidates(bytes.toString('utf8'))) digests.add(secretDigest(value));
  }
  return [...digests].sort();
}

/** The module text of ops/published-secrets.ts for these digests (already in prettier's form). */
export function publishedListSource(digests: readonly string[]): string {
  return [
    '// Written by `npm run secrets:published -w @app/server` (src/cli/published-secrets.ts); do not edit.',
    '// SHA-256 of every value in this repository that would otherwise pass as a production secret.',
    'export const PUBLISHED_SECRET_DIGESTS: ReadonlySet<string> = new Set([',
    ...digests.map((d) => `  '${d}',`),
    ']);',
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const digests = scanRepository();
  fs.writeFileSync(PUBLISHED_LIST, publishedListSource(digests));
  console.log(`${path.relative(process.cwd(), PUBLISHED_LIST)}: ${digests.length} published values`);
}
