import { describe, expect, it } from 'vitest';
import { launchesOnHome } from './navigation.ts';

describe('launchesOnHome', () => {
  it('is the home route, with or without a query', () => {
    for (const hash of ['#/pages/home/home', '#/pages/home/home?from=pwa'])
      expect(launchesOnHome(hash), hash).toBe(true);
  });

  it('is not for any other page, nor for a launch without a route (the launch page)', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/pages/mine/mine',
      '#/pages/home/home/x',
      '#/pages/login/login?redirect=%2F',
    ])
      expect(launchesOnHome(hash), hash).toBe(false);
  });
});
