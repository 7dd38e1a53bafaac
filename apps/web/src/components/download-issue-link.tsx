// The DRM-free download of an owned issue as a CBZ archive (issue 27), for 'My comics' and the
// reader: a plain link to the shared download address, which the browser follows with the
// session cookie and saves under the name the server gives.
import { downloadPath } from '@comics/shared/downloads';
import type { ReactNode } from 'react';

import { bootstrapIcon } from '@/components/bootstrap-icon';

// Bootstrap's download icon from its path data (see shop-icons.tsx for why not react-icons/bs).
export const BsDownload = bootstrapIcon(
  'M.5 9.9a.5.5 0 0 1 .5.5v2.5a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-2.5a.5.5 0 0 1 1 0v2.5a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2v-2.5a.5.5 0 0 1 .5-.5',
  'M7.646 11.854a.5.5 0 0 0 .708 0l3-3a.5.5 0 0 0-.708-.708L8.5 10.293V1.5a.5.5 0 0 0-1 0v8.793L5.354 8.146a.5.5 0 1 0-.708.708z',
);

type DownloadIssueLinkProps = {
  issueId: number;
  className: string;
  /** The link's name when its text does not say which issue (several on one page) or it has none. */
  label?: string;
  title?: string;
  children: ReactNode;
};

export function DownloadIssueLink({ issueId, className, label, title, children }: DownloadIssueLinkProps) {
  return (
    <a href={downloadPath(issueId)} download className={className} aria-label={label} title={title}>
      {children}
    </a>
  );
}
