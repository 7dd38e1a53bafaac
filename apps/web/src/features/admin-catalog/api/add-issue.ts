// POST /api/admin/comics/{id}/issues (issue 24): a new issue of a comic, numbered after its last
// one; without a price it costs the default one. Its series' followers are e-mailed about it.
import type { NewIssueBody } from '@comics/shared/schemas/admin';
import type { Issue } from '@comics/shared/schemas/catalog';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

export type NewIssueValues = Pick<NewIssueBody, 'name' | 'description' | 'price'>;

export function addIssue({ volumeId, values }: { volumeId: number; values: NewIssueValues }): Promise<Issue> {
  return apiSend<Issue>('POST', `/admin/comics/${volumeId}/issues`, values);
}

type UseAddIssueOptions = {
  /** After a save: the pages listing the comic's issues reload before the mutation settles. */
  onAdded?: ((issue: Issue) => Promise<unknown> | void) | undefined;
};

export function useAddIssue({ onAdded }: UseAddIssueOptions = {}) {
  return useMutation({ mutationFn: addIssue, onSuccess: (issue) => onAdded?.(issue) });
}
