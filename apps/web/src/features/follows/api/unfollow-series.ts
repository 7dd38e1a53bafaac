// DELETE /api/user/follows/{volumeId}: stops following a series (not followed: no change); it
// leaves the cached list, and 'New for you' is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

import { getFollowsQueryOptions } from './get-follows';
import { getNewForYouQueryOptions } from './get-new-for-you';

export function unfollowSeries(volumeId: number): Promise<void> {
  return apiSend('DELETE', `/user/follows/${volumeId}`);
}

export function useUnfollowSeries(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowSeries,
    onSuccess: (_answer, volumeId) => {
      queryClient.setQueryData(getFollowsQueryOptions(userId).queryKey, (list) =>
        list?.filter((known) => known.volume_id !== volumeId),
      );
      return queryClient.invalidateQueries({ queryKey: getNewForYouQueryOptions(userId).queryKey });
    },
  });
}
