import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyTargets, parseDockerfile, stageNamed } from './dockerfile.ts';

const SAMPLE = `# syntax=docker/dockerfile:1
# a comment
FROM node:24 AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
RUN npm ci \\
 && npm run build

FROM node:24
ENV NODE_ENV=production \\
    GREETING="hello world" \\
    PORT=3000
WORKDIR /app
WORKDIR sub
COPY --from=build --chown=root:root /src/apps/server/dist apps/server/dist
USER node
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --retries=3 \\
  CMD ["node", "-e", "process.exit(0)"]
CMD ["node", "apps/server/dist/server.js"]
`;

describe('parseDockerfile', () => {
  it('reads each stage: its WORKDIR, ENV, USER, CMD, HEALTHCHECK and COPY/RUN in order', () => {
    const [build, runtime] = parseDockerfile(SAMPLE);
    expect(build).toMatchObject({ name: 'build', image: 'node:24', workdir: '/src', user: null, cmd: null });
    expect(build!.steps.map((s) => s.kind)).toEqual(['copy', 'copy', 'run']);
    expect(build!.runs[0]!.command).toBe('npm ci  && npm run build');
    expect(build!.copies[0]).toEqual({
      kind: 'copy',
      from: null,
      chown: null,
      sources: ['package.json', 'package-lock.json'],
      dest: './',
      workdir: '/src',
    });

    expect(runtime).toMatchObject({
      name: null,
      workdir: '/app/sub',
      env: { NODE_ENV: 'production', GREETING: 'hello world', PORT: '3000' },
      user: 'node',
      stopSignal: 'SIGTERM',
      cmd: ['node', 'apps/server/dist/server.js'],
      healthcheck: { options: ['--interval=10s', '--retries=3'], cmd: ['node', '-e', 'process.exit(0)'] },
    });
    expect(runtime!.copies[0]).toMatchObject({
      from: 'build',
      chown: 'root:root',
      sources: ['/src/apps/server/dist'],
      dest: 'apps/server/dist',
      workdir: '/app/sub',
    });
  });

  it('resolves where a COPY puts each source, folder or file', () => {
    const [build, runtime] = parseDockerfile(SAMPLE);
    expect(copyTargets(build!.copies[0]!)).toEqual([
      { source: 'package.json', target: '/src', into: true },
      { source: 'package-lock.json', target: '/src', into: true },
    ]);
    expect(copyTargets(build!.copies[1]!)).toEqual([
      { source: 'apps/server/package.json', target: '/src/apps/server', into: true },
    ]);
    expect(copyTargets(runtime!.copies[0]!)).toEqual([
      { source: '/src/apps/server/dist', target: '/app/sub/apps/server/dist', into: false },
    ]);
  });

  it('refuses what it does not understand rather than skipping it', () => {
    expect(() => parseDockerfile('FROM a\nADD x y\n')).toThrow('ADD');
    expect(() => parseDockerfile('WORKDIR /x\n')).toThrow('before the first FROM');
    expect(() => parseDockerfile('FROM a\nCMD node server.js\n')).toThrow('exec form');
    expect(() => parseDockerfile('FROM a\nCOPY --link x y\n')).toThrow('--link');
    expect(() => stageNamed(parseDockerfile('FROM a AS b\n'), 'c')).toThrow('no stage named c');
  });

  it("reads the repository's Dockerfile: build, deps and an unprivileged runtime", () => {
    const stages = parseDockerfile(readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8'));
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', null]);
    const runtime = stages.at(-1)!;
    expect(runtime.user).toBe('node');
    expect(runtime.cmd).toEqual(['node', 'apps/server/dist/server.js']);
    expect(runtime.env).toMatchObject({ NODE_ENV: 'production', APP_ENV: 'production' });
    expect(runtime.copies.every((c) => c.from !== null && c.chown === 'root:root')).toBe(true);
  });
});
