import { describe, expect, it } from 'vitest';
import { initialOf } from './initial.ts';

describe('initialOf', () => {
  it('takes the first whole grapheme, never half an emoji', () => {
    expect(initialOf('🎉派对')).toBe('🎉');
    expect(initialOf('👨‍👩‍👧 family')).toBe('👨‍👩‍👧');
    expect(initialOf('👍🏽ok')).toBe('👍🏽');
    expect(initialOf('张三')).toBe('张');
    expect(initialOf('  demo001')).toBe('D');
    expect(initialOf('')).toBe('?');
  });
});
