import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dockerignored } from './image-layout.ts';

describe('dockerignored', () => {
  it("applies the repository's .dockerignore to a COPY source", () => {
    const ignored = dockerignored(fileURLToPath(new URL('../..', import.meta.url)));
    expect(ignored('apps/web/dist')).toBe(true);
    expect(ignored('apps/server/node_modules/.bin')).toBe(true);
    expect(ignored('.git/config')).toBe(true);
    expect(ignored('deploy/.env')).toBe(true);
    expect(ignored('apps/server/package.json')).toBe(false);
    expect(ignored('deploy/env.example')).toBe(false);
    expect(ignored('apps/distant/x')).toBe(false);
  });
});
