// The admin's pages tool in the issue modal of /admin/cardDetail/{id} (issue 13): what the issue
// reads with now ('N pages, uploaded' or 'N generated demo pages'), 'Upload pages (CBZ)' that
// sends an archive as soon as it is chosen (a progress bar, then a spinner while the server
// converts the pages) and says how many pages it made and what it skipped, 'Remove uploaded pages'
// behind a question, and a link to check the result in the reader. The page supplies the pages
// query (the reader's) and reloads it after a change (`onChanged`), before the tool says so.
import type { IssuePagesAnswer, PagesUploadAnswer } from '@comics/shared/schemas/reader';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ReaderLink } from '@/components/reader-link';
import { BsCheckCircleFill, BsTrash3 } from '@/components/shop-icons';
import { errorMessage } from '@/lib/api-client';

import { ARCHIVE_ACCEPT, ARCHIVE_LIMITS, checkArchiveFile, uploadPages, useRemovePages } from '../api/issue-pages';
import { useFileUpload } from '../hooks/use-file-upload';
import { FieldError, fieldState } from './field-error';

export const UPLOAD_LABEL = 'Upload pages (CBZ)';
export const CONVERTING = 'Uploading and converting pages...';
/** Skipped entries named; an archive of many stray files gets 'and N more'. */
const SKIPPED_SHOWN = 10;

type IssuePagesProps = {
  issueId: number;
  /** The issue as the modal names it ('Night Watch #2'). */
  title: string;
  pages: UseQueryResult<IssuePagesAnswer>;
  /** After an upload or a removal: reloads what shows the pages. */
  onChanged: () => Promise<unknown>;
};

const pagesWord = (count: number) => (count === 1 ? 'page' : 'pages');

/** How the issue reads now, as the summary says it. */
export function pagesSummary({ pageCount, source }: Pick<IssuePagesAnswer, 'pageCount' | 'source'>): string {
  return source === 'uploaded'
    ? `${pageCount} ${pagesWord(pageCount)}, uploaded`
    : `${pageCount} generated demo ${pagesWord(pageCount)}`;
}

export function IssuePages({ issueId, title, pages, onChanged }: IssuePagesProps) {
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  // What the tool last did, so a removal's word replaces an earlier upload's and the other way round.
  const [lastAction, setLastAction] = useState<'upload' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useFileUpload({
    check: checkArchiveFile,
    send: ({ file, onProgress, signal }) => uploadPages(issueId, { file, onProgress, signal }),
    onUploaded: onChanged,
  });
  const remove = useRemovePages(issueId, onChanged);
  const uploading = upload.state.status === 'uploading';
  const busy = uploading || remove.isPending;
  const fileError = upload.state.status === 'error' ? upload.state.message : undefined;
  const uploaded = pages.data?.source === 'uploaded';

  async function confirmRemoval() {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      setLastAction('remove');
    } catch {
      // The dialog says why (remove.error) and stays open.
    }
  }

  return (
    <section className="issue-pages-tool border rounded-3 p-3" aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h3 id={`${id}-title`} className="h6 fw-bold mb-0">
          Pages
        </h3>
        <PagesState pages={pages} />
      </div>

      <Form.Group controlId={inputId} className="mb-2">
        <Form.Label className="small fw-semibold mb-1">{UPLOAD_LABEL}</Form.Label>
        <Form.Control
          type="file"
          size="sm"
          accept={ARCHIVE_ACCEPT}
          disabled={busy}
          {...fieldState(inputId, fileError, hintId)}
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            const file = input.files?.[0];
            // Cleared, so choosing the same archive again (after fixing it) uploads it again.
            input.value = '';
            if (!file) return;
            setLastAction('upload');
            upload.start(file);
          }}
        />
        <Form.Text id={hintId} className="d-block">
          A CBZ or CBR (a ZIP or RAR) of images, {ARCHIVE_LIMITS}, in file name order. It uploads as soon as you choose
          it and replaces the pages the issue has.
        </Form.Text>
        <FieldError inputId={inputId} message={fileError} />
      </Form.Group>

      {/* Always in the page, so assistive technology hears what is put in it. */}
      <div aria-live="polite" className="small">
        {upload.state.status === 'uploading' ? (
          <UploadProgress fileName={upload.state.fileName} progress={upload.state.progress} />
        ) : lastAction === 'upload' && upload.state.status === 'done' ? (
          <UploadDone answer={upload.state.answer} />
        ) : lastAction === 'remove' ? (
          <Done>The uploaded pages were removed; the issue reads with generated demo pages.</Done>
        ) : null}
      </div>

      <div className="d-flex flex-wrap gap-2 mt-2">
        <ReaderLink issueId={issueId} className="btn btn-outline-primary btn-sm" />
        {uploaded && (
          <Button variant="outline-danger" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
            <BsTrash3 aria-hidden="true" className="me-1" />
            Remove uploaded pages
          </Button>
        )}
      </div>

      <ConfirmDialog
        title={confirming ? 'Remove the uploaded pages?' : null}
        text={`${title} then reads with generated demo pages until new pages are uploaded.`}
        confirmLabel="Remove pages"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        stacked
        onConfirm={() => void confirmRemoval()}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
      />
    </section>
  );
}

function PagesState({ pages }: { pages: UseQueryResult<IssuePagesAnswer> }) {
  if (pages.isPending) {
    return (
      <span className="small text-body-secondary d-inline-flex align-items-center gap-2">
        <Spinner animation="border" size="sm" aria-hidden="true" className="issue-action-spinner" />
        Loading the pages...
      </span>
    );
  }
  if (pages.isError) {
    return (
      <span className="small text-danger-emphasis">
        The pages could not be loaded: {errorMessage(pages.error)}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </span>
    );
  }
  return <span className="small fw-semibold">{pagesSummary(pages.data)}</span>;
}

function UploadProgress({ fileName, progress }: { fileName: string; progress: number }) {
  // Every byte sent: the server is opening the archive and making the pages' renditions.
  if (progress >= 1) {
    return (
      // A div: the spinner is one, and a paragraph may not hold it.
      <div className="d-flex align-items-center gap-2 mb-0">
        <Spinner animation="border" size="sm" aria-hidden="true" className="issue-action-spinner" />
        {CONVERTING}
      </div>
    );
  }
  const percent = Math.round(progress * 100);
  return (
    <>
      <p className="mb-1">
        Uploading {fileName}... <span aria-hidden="true">{percent}%</span>
      </p>
      <div
        className="upload-progress"
        role="progressbar"
        aria-label={`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="upload-progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}

function UploadDone({ answer }: { answer: PagesUploadAnswer }) {
  return (
    <>
      <Done>
        {answer.pageCount} {pagesWord(answer.pageCount)} uploaded.
        {answer.direction === 'rtl' ? ' They read right to left, as the archive says.' : ''}
      </Done>
      {answer.skipped.length > 0 && (
        <p className="mb-0 mt-1 text-body-secondary text-break">
          Skipped (not pages): {answer.skipped.slice(0, SKIPPED_SHOWN).join(', ')}
          {answer.skipped.length > SKIPPED_SHOWN ? ` and ${answer.skipped.length - SKIPPED_SHOWN} more` : ''}
        </p>
      )}
    </>
  );
}

function Done({ children }: { children: ReactNode }) {
  return (
    <p className="text-success-emphasis d-flex align-items-center gap-1 mb-0">
      <BsCheckCircleFill aria-hidden="true" className="flex-shrink-0" />
      <span>{children}</span>
    </p>
  );
}
