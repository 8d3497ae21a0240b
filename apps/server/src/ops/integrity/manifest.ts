import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The shipped files, as the production image lays them out (Dockerfile's runtime stage), relative
 * to the repository (or image) root: the server bundle, the SQL migrations it runs, and the member
 * app and console the server serves. Dot-files (build stamps, Vite's own manifest) are not served
 * and not listed; neither is the manifest itself.
 */
export const SHIPPED_FOLDERS = [
  'apps/server/dist',
  'apps/server/drizzle',
  'apps/web/dist',
  'apps/admin/dist',
];
export const MANIFEST_NAME = 'integrity.json';

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}

export const manifestSchema = z.object({
  format: z.literal(1),
  algorithm: z.literal('sha256'),
  version: z.string(),
  built_at: z.string(),
  /** SHA-256 of the listing in `sha256sum`'s format: the one figure an operator records. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  files: z.array(z.object({ path: z.string(), sha256: z.string(), bytes: z.number().int() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface Verification {
  /** ok: every listed file is there, unchanged, and nothing else was added. */
  ok: boolean;
  changed: string[];
  missing: string[];
  /** Files in the shipped folders the build did not list (a file dropped in beside the code). */
  added: string[];
  files: number;
  bytes: number;
}

async function sha256OfFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function listFolder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await listFolder(root, relative)));
    else if (entry.isFile() && relative !== path.posix.join('apps/server/dist', MANIFEST_NAME))
      found.push(relative);
  }
  return found;
}

/** Every shipped file under `root`, sorted by path, with its SHA-256 and size. */
export async function hashShipped(root: string, folders = SHIPPED_FOLDERS): Promise<ManifestFile[]> {
  const paths = (await Promise.all(folders.map((folder) => listFolder(root, folder)))).flat().sort();
  const files: ManifestFile[] = [];
  for (const file of paths) files.push({ path: file, ...(await sha256OfFile(path.join(root, file))) });
  return files;
}

/** The listing as `sha256sum` prints it, so `sha256sum -c` checks a copy by hand. */
export function sha256sumText(files: ManifestFile[]): string {
  return files.map((f) => `${f.sha256}  ${f.path}\n`).join('');
}

export function digestOf(files: ManifestFile[]): string {
  return createHash('sha256').update(sha256sumText(files)).digest('hex');
}

export async function makeManifest(root: string, version: string, builtAt: Date): Promise<Manifest> {
  const files = await hashShipped(root);
  return {
    format: 1,
    algorithm: 'sha256',
    version,
    built_at: builtAt.toISOString(),
    digest: digestOf(files),
    files,
  };
}

export function manifestPath(root: string): string {
  return path.join(root, 'apps/server/dist', MANIFEST_NAME);
}

export async function writeManifest(root: string, manifest: Manifest): Promise<string> {
  const file = manifestPath(root);
  await writeFile(file, `${JSON.stringify(manifest, null, 1)}\n`);
  return file;
}

/** The manifest at `file`; null when there is none; throws when it is not one. */
export async function readManifest(file: string): Promise<Manifest | null> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return null;
  const manifest = manifestSchema.parse(JSON.parse(text));
  // A manifest edited to match edited files would still need its digest recomputed: the digest
  // an operator recorded at build time is what tells them apart.
  if (digestOf(manifest.files) !== manifest.digest) throw new Error('清单摘要与其文件列表不符');
  return manifest;
}

/** Hashes the shipped files under `root` again and compares them with the manifest. */
export async function verifyManifest(root: string, manifest: Manifest): Promise<Verification> {
  const now = new Map((await hashShipped(root)).map((f) => [f.path, f]));
  const changed: string[] = [];
  const missing: string[] = [];
  for (const listed of manifest.files) {
    const found = now.get(listed.path);
    if (!found) missing.push(listed.path);
    else if (found.sha256 !== listed.sha256) changed.push(listed.path);
    now.delete(listed.path);
  }
  const added = [...now.keys()];
  return {
    ok: changed.length === 0 && missing.length === 0 && added.length === 0,
    changed,
    missing,
    added,
    files: manifest.files.length,
    bytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
  };
}
