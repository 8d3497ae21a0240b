import type { SupportConversationView } from './support.ts';
import { describe, expect, it } from 'vitest';
import { mergeConversation } from './support.ts';

const view = (over: Partial<SupportConversationView>): SupportConversationView => ({
  id: 7,
  status: 'active',
  ticket: false,
  operator_name: '小金',
  member_read_id: 0,
  operator_read_id: 0,
  rating: null,
  rating_asked: false,
  created_at: '2030-06-12T08:00:00.000Z',
  closed_at: null,
  ...over,
});

describe('mergeConversation', () => {
  it('never sets a read mark back when an older snapshot arrives after the read event', () => {
    const current = view({ operator_read_id: 12, member_read_id: 9 });
    const answer = view({ operator_read_id: 10, member_read_id: 11 });
    expect(mergeConversation(current, answer)).toEqual(view({ operator_read_id: 12, member_read_id: 11 }));
  });

  it('takes everything else from the newer view', () => {
    const merged = mergeConversation(view({}), view({ status: 'closed', rating_asked: true }));
    expect(merged?.status).toBe('closed');
    expect(merged?.rating_asked).toBe(true);
  });

  it('replaces the view outright for another conversation or none', () => {
    const other = view({ id: 8, operator_read_id: 1 });
    expect(mergeConversation(view({ operator_read_id: 30 }), other)).toBe(other);
    expect(mergeConversation(view({}), null)).toBeNull();
    expect(mergeConversation(null, other)).toBe(other);
  });
});
