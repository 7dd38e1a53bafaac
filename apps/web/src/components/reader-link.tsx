// The way into the reader (issue 13) from 'My comics', the issue modal and the admin's pages tool:
// 'Read', 'Continue (page N of M)' where the reader stopped, or 'Read again' from the first page
// once the last page was reached, for someone who may read the whole issue; 'Read a preview' for
// anybody else (the reader shows them the free pages). The reader resumes at the saved page
// itself, so the link is the issue's address alone, but for reading again.
import type { ReadingProgress } from '@comics/shared/schemas/reader';
import { Link } from 'react-router';

import { BsBook } from '@/components/shop-icons';
import { paths } from '@/config/paths';

export type PageProgress = Pick<ReadingProgress, 'page' | 'pageCount'>;

/** Where the reader stopped in an issue, by id; undefined when not started (or not known yet). */
export type ProgressLookup = (issueId: number) => PageProgress | undefined;

/** Where the reader stopped, and when (the reading shelf's entry): what My comics sorts by. */
export type ReadingStop = Pick<ReadingProgress, 'page' | 'pageCount' | 'updatedAt'>;
export type ReadingStopLookup = (issueId: number) => ReadingStop | undefined;

type ReaderLinkProps = {
  issueId: number;
  /** The free pages only: the visitor does not own the issue. */
  preview?: boolean;
  progress?: PageProgress | undefined;
  className?: string;
};

/** The reader got to the issue's last page. */
export function isFinished(progress: PageProgress | undefined): boolean {
  return progress !== undefined && progress.pageCount > 0 && progress.page >= progress.pageCount;
}

export function readerLinkLabel(preview: boolean, progress: PageProgress | undefined): string {
  if (preview) return 'Read a preview';
  if (isFinished(progress)) return 'Read again';
  return progress ? `Continue (page ${progress.page} of ${progress.pageCount})` : 'Read';
}

/** Where the link goes: the issue (the reader opens at the saved page), or its first page to read again. */
export function readerLinkHref(issueId: number, preview: boolean, progress: PageProgress | undefined): string {
  return paths.user.read.getHref(issueId, !preview && isFinished(progress) ? 1 : undefined);
}

export function ReaderLink({
  issueId,
  preview = false,
  progress,
  className = 'btn btn-primary btn-sm',
}: ReaderLinkProps) {
  return (
    <Link to={readerLinkHref(issueId, preview, progress)} className={`${className} text-nowrap`}>
      <BsBook aria-hidden="true" className="me-1" />
      {readerLinkLabel(preview, progress)}
    </Link>
  );
}
