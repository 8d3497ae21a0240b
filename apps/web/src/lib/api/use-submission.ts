import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './client.ts';

/** What one call of `mutate` does once its submission ends. */
export interface SubmissionCallbacks<D, V> {
  onSuccess?: (data: D, variables: V) => void;
  onError?: (error: Error, variables: V) => void;
}

export type SubmissionOptions<D, V> = Omit<UseMutationOptions<D, Error, V>, 'mutationFn'> & {
  /** Sends the request with the submission's Idempotency-Key. */
  send: (variables: V, idempotencyKey: string) => Promise<D>;
};

export type Submission<D, V> = Omit<UseMutationResult<D, Error, V>, 'mutate' | 'mutateAsync'> & {
  /** Submits, unless a submission is in flight (a second tap is dropped, its callbacks too). */
  mutate: (variables: V, callbacks?: SubmissionCallbacks<D, V>) => void;
  /** Submits, or answers the submission in flight. */
  mutateAsync: (variables: V) => Promise<D>;
};

const contentOf = (variables: unknown) =>
  JSON.stringify(variables ?? null, (_, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );

/**
 * A money-moving submission (a deposit, a withdrawal, a bet, a transfer, a claim).
 *
 * - One Idempotency-Key per submission of a form: the same content sent again (a retry after a
 *   lost answer) carries the same key, so the server makes one order however often it arrives;
 *   the key is renewed once a submission succeeded or when the content changed.
 * - A tap while a submission is in flight sends nothing: two taps before the button shows its
 *   pending state (React has not rendered between them) make one request.
 */
export function useSubmission<D, V = void>({
  send,
  onSuccess,
  ...options
}: SubmissionOptions<D, V>): Submission<D, V> {
  const key = useRef<{ content: string; value: string } | null>(null);
  const inFlight = useRef<Promise<D> | null>(null);
  const mutation = useMutation<D, Error, V>({
    ...options,
    mutationFn: (variables) => {
      const content = contentOf(variables);
      if (key.current?.content !== content) key.current = { content, value: newIdempotencyKey() };
      return send(variables, key.current.value);
    },
    onSuccess: (...args) => {
      key.current = null;
      return onSuccess?.(...args);
    },
  });
  const run = mutation.mutateAsync;
  const mutateAsync = useCallback(
    (variables: V): Promise<D> => {
      if (inFlight.current) return inFlight.current;
      const submission = run(variables).finally(() => {
        inFlight.current = null;
      });
      inFlight.current = submission;
      return submission;
    },
    [run],
  );
  const mutate = useCallback(
    (variables: V, callbacks?: SubmissionCallbacks<D, V>) => {
      if (inFlight.current) return;
      mutateAsync(variables).then(
        (data) => callbacks?.onSuccess?.(data, variables),
        (error: Error) => callbacks?.onError?.(error, variables),
      );
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
