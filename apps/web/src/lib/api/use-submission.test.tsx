// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSubmission } from './use-submission.ts';

/** A server that records each request's key and answers when the test says. */
function fakeServer() {
  const sent: Array<{ amount: string; key: string; answer: (ok: boolean) => void }> = [];
  const send = (body: { amount: string }, key: string) =>
    new Promise<string>((resolve, reject) => {
      sent.push({
        amount: body.amount,
        key,
        answer: (ok) => (ok ? resolve(`order for ${body.amount}`) : reject(new Error('网络连接失败'))),
      });
    });
  return { sent, send };
}

function render(send: (body: { amount: string }, key: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSubmission({ send }), { wrapper });
}

describe('useSubmission', () => {
  it('sends one request for a double tap, and both taps see its answer', async () => {
    const server = fakeServer();
    const { result } = render(server.send);
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync({ amount: '100.00' });
      second = result.current.mutateAsync({ amount: '100.00' });
    });
    await waitFor(() => expect(server.sent).toHaveLength(1));
    server.sent[0]!.answer(true);
    await expect(first).resolves.toBe('order for 100.00');
    await expect(second).resolves.toBe('order for 100.00');
    expect(server.sent).toHaveLength(1);
  });

  it('drops a second mutate in flight with its callbacks', async () => {
    const server = fakeServer();
    const { result } = render(server.send);
    const done: string[] = [];
    act(() => {
      result.current.mutate({ amount: '50.00' }, { onSuccess: (d) => done.push(`first ${d}`) });
      result.current.mutate({ amount: '50.00' }, { onSuccess: (d) => done.push(`second ${d}`) });
    });
    await waitFor(() => expect(server.sent).toHaveLength(1));
    act(() => server.sent[0]!.answer(true));
    await waitFor(() => expect(done).toEqual(['first order for 50.00']));
  });

  it('retries a lost answer with the same key, and takes a new one after success or for other content', async () => {
    const server = fakeServer();
    const { result } = render(server.send);
    const submit = async (amount: string, ok: boolean) => {
      let answer!: Promise<string>;
      act(() => {
        answer = result.current.mutateAsync({ amount });
      });
      const before = server.sent.length;
      await waitFor(() => expect(server.sent).toHaveLength(before + 1));
      server.sent.at(-1)!.answer(ok);
      await answer.catch(() => undefined);
      await waitFor(() => expect(result.current.isPending).toBe(false));
    };
    await submit('100.00', false); // the answer is lost
    await submit('100.00', true); // the retry: the same submission
    await submit('100.00', true); // a new submission of the same form
    await submit('200.00', true); // another amount
    const keys = server.sent.map((s) => s.key);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,128}$/);
  });

  it('a changed form before the answer came back gets its own key', async () => {
    const server = fakeServer();
    const { result } = render(server.send);
    act(() => void result.current.mutateAsync({ amount: '10.00' }).catch(() => undefined));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    server.sent[0]!.answer(false);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    act(() => void result.current.mutateAsync({ amount: '20.00' }));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]!.key).not.toBe(server.sent[0]!.key);
  });
});
