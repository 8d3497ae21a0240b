/**
 * `BENCH_CPU_PROFILE=<dir>`: a bench wraps its timed phase in `profiled(name, fn)`, and this
 * writes the V8 CPU profile of that phase alone (not the setup around it) to
 * `<dir>/<name>.cpuprofile`, to open in Chrome DevTools (Performance) or speedscope.
 * Without the variable, `fn` runs as it is. The profiler slows the process it samples (about
 * 1.5 × here), so read a profile for shares, and the bench's figures from a run without it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

const DIR = process.env.BENCH_CPU_PROFILE;

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!DIR) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(DIR, { recursive: true });
    const file = path.join(DIR, `${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`  CPU profile of ${name}: ${file}`);
  }
}
