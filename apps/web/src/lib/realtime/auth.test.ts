import { describe, expect, it, vi } from 'vitest';
import { createChannelAuthorizer, type BatchAuthResult } from './auth.ts';

function setup() {
  let now = 1_000_000;
  const authorizeOne = vi.fn((channel: string, socketId: string) =>
    Promise.resolve(`sig:${socketId}:${channel}`),
  );
  const authorizeBatch = vi.fn((channels: string[], socketId: string) => {
    const result: BatchAuthResult = {};
    for (const c of channels) {
      result[c] = c.includes('other')
        ? { error: '无权订阅该频道', status: 403 }
        : { auth: `sig:${socketId}:${c}` };
    }
    return Promise.resolve(result);
  });
  const authorizer = createChannelAuthorizer({ authorizeOne, authorizeBatch, now: () => now });
  return {
    authorizer,
    authorizeOne,
    authorizeBatch,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe('channel authorisation (SPEC.md §9: auth debounce 2 s, cache 5 min)', () => {
  it('reuses a signature for the same socket and channel for 5 minutes', async () => {
    const { authorizer, authorizeOne, tick } = setup();
    expect(await authorizer.authorize('private-user.1', '1.1')).toBe('sig:1.1:private-user.1');
    tick(4 * 60_000);
    await authorizer.authorize('private-user.1', '1.1');
    expect(authorizeOne).toHaveBeenCalledTimes(1);
    tick(60_001);
    await authorizer.authorize('private-user.1', '1.1');
    expect(authorizeOne).toHaveBeenCalledTimes(2);
  });

  it('a new socket needs a new signature', async () => {
    const { authorizer, authorizeOne } = setup();
    await authorizer.authorize('private-user.1', '1.1');
    expect(await authorizer.authorize('private-user.1', '2.2')).toBe('sig:2.2:private-user.1');
    expect(authorizeOne).toHaveBeenCalledTimes(2);
  });

  it('shares one request, also a refusal, for repeats within 2 s', async () => {
    const { authorizer, authorizeOne, tick } = setup();
    authorizeOne.mockRejectedValueOnce(new Error('无权订阅该频道'));
    const first = authorizer.authorize('private-user.1', '1.1');
    tick(1_000);
    const second = authorizer.authorize('private-user.1', '1.1');
    await expect(first).rejects.toThrow('认证失败：无权订阅该频道');
    await expect(second).rejects.toThrow('认证失败');
    expect(authorizeOne).toHaveBeenCalledTimes(1);
    tick(1_001);
    await expect(authorizer.authorize('private-user.1', '1.1')).resolves.toBe('sig:1.1:private-user.1');
    expect(authorizeOne).toHaveBeenCalledTimes(2);
  });

  it('batches channels asked for in the same tick, with a result per channel', async () => {
    const { authorizer, authorizeOne, authorizeBatch } = setup();
    const own = authorizer.authorize('private-user.1', '1.1');
    const other = authorizer.authorize('private-other.2', '1.1');
    await expect(own).resolves.toBe('sig:1.1:private-user.1');
    await expect(other).rejects.toThrow('无权订阅该频道');
    expect(authorizeBatch).toHaveBeenCalledExactlyOnceWith(['private-user.1', 'private-other.2'], '1.1');
    expect(authorizeOne).not.toHaveBeenCalled();
  });

  it('a failed batch call fails every channel with 批量认证失败', async () => {
    const { authorizer, authorizeBatch } = setup();
    authorizeBatch.mockRejectedValueOnce(new Error('网络异常'));
    const a = authorizer.authorize('private-user.1', '1.1');
    const b = authorizer.authorize('private-user.1b', '1.1');
    await expect(a).rejects.toThrow('批量认证失败：网络异常');
    await expect(b).rejects.toThrow('批量认证失败：网络异常');
  });

  it('reset forgets every signature', async () => {
    const { authorizer, authorizeOne } = setup();
    await authorizer.authorize('private-user.1', '1.1');
    authorizer.reset();
    await authorizer.authorize('private-user.1', '1.1');
    expect(authorizeOne).toHaveBeenCalledTimes(2);
  });
});
