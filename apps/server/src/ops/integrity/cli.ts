/**
 * The build's software manifest, by hand or from the build (bundled as apps/server/dist/integrity.js):
 *   node apps/server/dist/integrity.js write    hashes the shipped files, writes the manifest, prints its digest
 *   node apps/server/dist/integrity.js verify   hashes them again against the manifest (exit 1 on a difference)
 * The digest printed by `write` is what an operator records for the release.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@app/shared';
import { makeManifest, manifestPath, readManifest, verifyManifest, writeManifest } from './manifest.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled: apps/server/dist/integrity.js; from source: apps/server/src/ops/integrity/cli.ts.
const root =
  process.env.SELF_CHECK_ROOT ?? path.resolve(here, here.endsWith('dist') ? '../../..' : '../../../../..');

async function main(command: string | undefined): Promise<number> {
  if (command === 'write') {
    const manifest = await makeManifest(root, APP_VERSION, new Date());
    const file = await writeManifest(root, manifest);
    const megabytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0) / 1_048_576;
    process.stdout.write(
      `软件清单 ${path.relative(root, file)}: ${manifest.files.length} 个文件，${megabytes.toLocaleString('en', { maximumFractionDigits: 1 })} MB\n` +
        `清单摘要 (SHA-256，请记录): ${manifest.digest}\n`,
    );
    return 0;
  }
  if (command === 'verify') {
    const manifest = await readManifest(manifestPath(root));
    if (!manifest) {
      process.stderr.write(`没有软件清单：${manifestPath(root)}\n`);
      return 1;
    }
    const found = await verifyManifest(root, manifest);
    for (const [problem, paths] of Object.entries({
      已改动: found.changed,
      缺失: found.missing,
      多出: found.added,
    }))
      for (const p of paths) process.stdout.write(`${problem}  ${p}\n`);
    process.stdout.write(
      `${found.ok ? '一致' : '不一致'}：清单摘要 ${manifest.digest}，${found.files} 个文件\n`,
    );
    return found.ok ? 0 : 1;
  }
  process.stderr.write('用法: integrity.js write | verify\n');
  return 2;
}

process.exitCode = await main(process.argv[2]);
