// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { StorageKey } from '@app/shared';
import { storage } from './storage.ts';

beforeEach(() => localStorage.clear());

describe('storage', () => {
  it('keeps JSON under the three allowed keys', () => {
    expect(storage.set('token', 'abc')).toBe(true);
    expect(storage.get<string>('token')).toBe('abc');
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
  });

  it('refuses any other key', () => {
    expect(storage.set('settings' as StorageKey, { a: 1 })).toBe(false);
    expect(localStorage.getItem('settings')).toBeNull();
    expect(storage.get('settings' as StorageKey)).toBeNull();
  });

  it('reads unparsable values as null', () => {
    localStorage.setItem('userinfo', '{not json');
    expect(storage.get('userinfo')).toBeNull();
  });

  it('purges foreign keys and keeps the allowed ones', () => {
    storage.set('appinfo', { title: 'x' });
    localStorage.setItem('legacy', '1');
    expect(storage.purgeForeignKeys()).toEqual(['legacy']);
    expect(Object.keys(localStorage)).toEqual(['appinfo']);
  });
});
