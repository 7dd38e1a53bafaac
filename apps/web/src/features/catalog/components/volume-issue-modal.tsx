// The issue modal for an issue known only by its ids (a favourite): it loads the issue's comic
// and rated issues (usually cached already) for the name and the rating, showing a spinner in
// the dialog meanwhile, so the modal reads the same wherever it opens from.
import type { Role } from '@comics/shared/constants';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';

import { useComic } from '../api/get-comic';
import { useIssues } from '../api/get-issues';
import type { IssueReviewsSlot, IssueShop } from '../types';
import { IssueModalContent, IssueModalFrame } from './issue-modal';

export type IssueRef = { volumeId: number; issueId: number };

type VolumeIssueModalProps = {
  /** The issue to show; the modal is open while it is not null. */
  target: IssueRef | null;
  role: Role | null;
  shop?: IssueShop | undefined;
  reviews?: IssueReviewsSlot | undefined;
  onClose: () => void;
};

export function VolumeIssueModal({ target, role, shop, reviews, onClose }: VolumeIssueModalProps) {
  // The last issue stays rendered while the modal fades out.
  const [shown, setShown] = useState<IssueRef | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const volumeId = shown?.volumeId ?? 0;
  const comic = useComic(volumeId, { enabled: shown !== null });
  const issues = useIssues(volumeId, { enabled: shown !== null });
  const issue = issues.data?.find((candidate) => candidate.id === shown?.issueId);
  const failure = comic.error ?? issues.error;

  return (
    <IssueModalFrame show={target !== null} onClose={onClose} onExited={() => setShown(null)}>
      {shown && issue && comic.data ? (
        <IssueModalContent
          key={issue.id}
          issue={issue}
          comicName={comic.data.name}
          role={role}
          shop={shop}
          reviews={reviews}
          onClose={onClose}
        />
      ) : (
        <>
          <Modal.Header closeButton>
            <Modal.Title id="issue-modal-title" className="h5">
              Issue details
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {failure ? (
              <ErrorState title="This issue could not be loaded" error={failure} />
            ) : issues.data && !issue ? (
              <p className="mb-0">This issue is no longer in the catalogue.</p>
            ) : (
              <PageSpinner label="Loading the issue" />
            )}
          </Modal.Body>
        </>
      )}
    </IssueModalFrame>
  );
}
