import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkForUpdate, type UpdateCheck } from '../../lib/updates.ts';

export const updateKeys = {
  check: () => ['updates', 'check'] as const,
};

/** Checks version.json now; the last result is kept in the cache for the update pages. */
export function useCheckUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation<UpdateCheck, Error>({
    mutationFn: checkForUpdate,
    onSuccess: (result) => queryClient.setQueryData(updateKeys.check(), result),
  });
}
