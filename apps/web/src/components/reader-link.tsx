// The way into the reader (issue 13) from 'My comics', the issue modal and the admin's pages tool:
// 'Read', or 'Continue (page N of M)' where the reader stopped, for someone who may read the whole
// issue; 'Read a preview' for anybody else (the reader shows them the free pages). The reader
// resumes at the saved page itself, so the link is the issue's address alone.
import type { ReadingProgress } from '@comics/shared/schemas/reader';
import { Link } from 'react-router';

import { BsBook } from '@/components/shop-icons';
import { paths } from '@/config/paths';

export type PageProgress = Pick<ReadingProgress, 'page' | 'pageCount'>;

/** Where the reader stopped in an issue, by id; undefined when not started (or not known yet). */
export type ProgressLookup = (issueId: number) => PageProgress | undefined;

type ReaderLinkProps = {
  issueId: number;
  /** The free pages only: the visitor does not own the issue. */
  preview?: boolean;
  progress?: PageProgress | undefined;
  className?: string;
};

export function readerLinkLabel(preview: boolean, progress: PageProgress | undefined): string {
  if (preview) return 'Read a preview';
  return progress ? `Continue (page ${progress.page} of ${progress.pageCount})` : 'Read';
}

export function ReaderLink({
  issueId,
  preview = false,
  progress,
  className = 'btn btn-primary btn-sm',
}: ReaderLinkProps) {
  return (
    <Link to={paths.user.read.getHref(issueId)} className={`${className} text-nowrap`}>
      <BsBook aria-hidden="true" className="me-1" />
      {readerLinkLabel(preview, progress)}
    </Link>
  );
}
