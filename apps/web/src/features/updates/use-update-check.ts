import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UpdateCheck } from '../../lib/updates.ts';
import { updateKeys, useCheckUpdateMutation } from './queries.ts';

/** The last update check (shared between the update pages) and a stable function to run a new one. */
export function useUpdateCheck() {
  const queryClient = useQueryClient();
  const mutation = useCheckUpdateMutation();
  const { mutate } = mutation;
  const check = useCallback(() => mutate(), [mutate]);
  return {
    result: mutation.data ?? queryClient.getQueryData<UpdateCheck>(updateKeys.check()),
    checking: mutation.isPending,
    error: mutation.error ? mutation.error.message : null,
    check,
  };
}
