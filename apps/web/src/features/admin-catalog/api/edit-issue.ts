// PATCH /api/admin/issues/{id} (issue 11, the admin catalogue): changes an issue's name,
// description or price (dollars with at most 2 decimals); only the fields sent change.
import type { Issue } from '@comics/shared/schemas/catalog';
import type { IssueEditBody } from '@comics/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';

import { apiSend } from '@/lib/api-client';

export type IssueChanges = Exclude<IssueEditBody, undefined>;

export function editIssue({ id, changes }: { id: number; changes: IssueChanges }): Promise<Issue> {
  return apiSend<Issue>('PATCH', `/admin/issues/${id}`, changes);
}

type UseEditIssueOptions = {
  /** After a save: the pages showing the issue reload before the mutation settles. */
  onSaved?: ((issue: Issue) => Promise<unknown> | void) | undefined;
};

export function useEditIssue({ onSaved }: UseEditIssueOptions = {}) {
  return useMutation({ mutationFn: editIssue, onSuccess: (issue) => onSaved?.(issue) });
}
