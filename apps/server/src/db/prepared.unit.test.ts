import { describe, expect, it } from 'vitest';
import { StatementNames } from './prepared.ts';

describe('StatementNames', () => {
  it('names a text once it is hot, the same name every time, a different one per text', () => {
    const names = new StatementNames({ after: 3, max: 10, maxTracked: 100 });
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    expect(names.nameFor('SELECT 1')).toBeUndefined();
    const name = names.nameFor('SELECT 1');
    expect(name).toMatch(/^s_[0-9a-f]{24}$/);
    expect(names.nameFor('SELECT 1')).toBe(name);
    for (let i = 0; i < 3; i++) names.nameFor('SELECT 2');
    expect(names.nameFor('SELECT 2')).not.toBe(name);
    expect(names.size).toBe(2);
  });

  it('names at most `max` texts; the others keep running unnamed', () => {
    const names = new StatementNames({ after: 1, max: 2, maxTracked: 100 });
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();
    expect(names.size).toBe(2);
  });

  it('forgets its counts when too many one-off texts pass, so memory stays bounded', () => {
    const names = new StatementNames({ after: 2, max: 10, maxTracked: 3 });
    names.nameFor('hot');
    for (const text of ['x', 'y', 'z']) names.nameFor(text);
    // The count of `hot` was dropped with the others: it needs its two sightings again.
    expect(names.nameFor('hot')).toBeUndefined();
    expect(names.nameFor('hot')).toBeDefined();
  });
});
