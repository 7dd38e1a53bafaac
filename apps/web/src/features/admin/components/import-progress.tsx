// An import as it goes (/dashboard/import/{id}): the whole batch (bytes uploaded; files and pages
// imported, the speed and the time left), then each archive (its upload, its wait, its pages
// converted, its outcome with a link to its comic, or why it failed), and at the end the report.
// After a reload the archives still to upload are asked for again: dropped once more, each goes
// on from the last byte the server has.
import type { ImportFileReport, ImportReport } from '@comics/shared/schemas/imports';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { comicDetailHref } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';

import { useCancelImport } from '../api/cancel-import';
import { useImport } from '../api/get-import';
import type { CollectedArchives } from '../imports/archive-files';
import { formatFileSize } from '../imports/file-size';
import { formatDuration, pageRate } from '../imports/page-rate';
import { sendArchives, stopArchives, useUploads, type FileUpload } from '../imports/upload-queue';
import { plural } from './admin-format';
import { ImportDropZone } from './import-drop-zone';

const OUTCOME_LABELS = { created: 'Created', updated: 'Updated', unchanged: 'Unchanged' } as const;

/**
 * A bar named for assistive technology (Bootstrap 5.3's markup: the role on the outer element;
 * react-bootstrap's ProgressBar puts it on the inner one, where a name cannot reach it).
 */
function Bar({
  now,
  label,
  text,
  tone = 'primary',
  className = '',
}: {
  now: number;
  label: string;
  text?: string;
  tone?: string;
  className?: string;
}) {
  return (
    <div
      className={`progress ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuenow={now}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={text}
    >
      <div className={`progress-bar bg-${tone}`} style={{ width: `${now}%` }}>
        {text}
      </div>
    </div>
  );
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

/** The pages still to convert: what the files in hand have left, and the others at the average so far. */
function pagesLeft(files: readonly ImportFileReport[]): number {
  const counted = files.filter((file) => file.pagesTotal !== null);
  const average = counted.length ? counted.reduce((sum, file) => sum + file.pagesTotal!, 0) / counted.length : 0;
  return files.reduce((sum, file) => {
    if (file.status === 'done' || file.status === 'failed') return sum;
    return sum + (file.pagesTotal === null ? average : file.pagesTotal - file.pagesDone);
  }, 0);
}

function FileState({ file, upload }: { file: ImportFileReport; upload: FileUpload | undefined }) {
  switch (file.status) {
    case 'uploading':
      if (!upload) return <span className="text-body-secondary">Waiting for its file</span>;
      if (upload.state === 'failed') {
        return <span className="text-danger">The upload stopped ({upload.error}). Drop the file again to go on.</span>;
      }
      return (
        <Bar
          now={percent(upload.bytesSent, upload.bytesTotal)}
          text={`Uploading ${percent(upload.bytesSent, upload.bytesTotal)}%`}
          label={`Upload of ${file.name}`}
          className="import-file-progress"
        />
      );
    case 'queued':
      return <span className="text-body-secondary">Waiting to be converted</span>;
    case 'running':
      return (
        <Bar
          tone="info"
          now={percent(file.pagesDone, file.pagesTotal ?? 0)}
          text={file.pagesTotal ? `Page ${file.pagesDone} of ${file.pagesTotal}` : 'Opening'}
          label={`Conversion of ${file.name}`}
          className="import-file-progress"
        />
      );
    case 'done':
      return (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          <span className={`badge text-bg-${file.outcome === 'unchanged' ? 'secondary' : 'success'}`}>
            {OUTCOME_LABELS[file.outcome ?? 'unchanged']}
          </span>
          {file.volumeId !== null ? <Link to={comicDetailHref('admin', file.volumeId)}>Open the comic</Link> : null}
        </span>
      );
    case 'failed':
      return (
        <span className="d-inline-flex flex-wrap align-items-baseline gap-2">
          <span className="badge text-bg-danger">Failed</span>
          <span>{file.reason}</span>
        </span>
      );
  }
}

function Summary({ report }: { report: ImportReport }) {
  const { created, updated, unchanged, failed } = report.counts;
  return (
    <Alert variant={failed > 0 ? 'warning' : 'success'} role="status">
      <p className="fw-bold mb-1">Import finished</p>
      <p className="mb-0">
        {formatCount(created)} created, {formatCount(updated)} updated, {formatCount(unchanged)} unchanged,{' '}
        {formatCount(failed)} failed.
        {failed > 0 ? ' Each failed archive says why below; fix it and import it again.' : null}
      </p>
    </Alert>
  );
}

function BatchProgress({ report, uploads }: { report: ImportReport; uploads: ReadonlyMap<number, FileUpload> }) {
  const { files, counts } = report;
  const totalBytes = files.reduce((sum, file) => sum + file.sizeBytes, 0);
  const bytesSent = files.reduce(
    (sum, file) => sum + (file.status !== 'uploading' ? file.sizeBytes : (uploads.get(file.id)?.bytesSent ?? 0)),
    0,
  );
  const finishedFiles = counts.created + counts.updated + counts.unchanged + counts.failed;
  const rate = pageRate(report.id);
  const left = pagesLeft(files);
  const uploadsLeft = counts.uploading > 0;
  return (
    <div className="import-batch-progress mb-4">
      <div className="d-flex justify-content-between small mb-1">
        <span>Uploaded</span>
        <span>
          {formatFileSize(bytesSent)} of {formatFileSize(totalBytes)}
        </span>
      </div>
      <Bar now={percent(bytesSent, totalBytes)} label="Upload of the whole import" className="mb-3" />
      <div className="d-flex flex-wrap justify-content-between gap-2 small mb-1">
        <span>
          Imported {formatCount(finishedFiles)} of {plural(files.length, 'archive', 'archives')} ·{' '}
          {plural(counts.pagesDone, 'page', 'pages')}
        </span>
        <span data-testid="import-speed">
          {rate !== null && rate > 0
            ? `${rate.toFixed(1)} pages/s${left > 0 && !uploadsLeft ? ` · about ${formatDuration(left / rate)} left` : ''}`
            : null}
        </span>
      </div>
      <Bar tone="success" now={percent(finishedFiles, files.length)} label="Archives imported" />
    </div>
  );
}

export function ImportProgress({ importId }: { importId: number }) {
  const report = useImport(importId);
  const uploadList = useUploads();
  const cancel = useCancelImport();
  const [confirming, setConfirming] = useState(false);

  if (!report.data) {
    return report.isError ? (
      <ErrorState title="This import could not be loaded" error={report.error} onRetry={() => report.refetch()} />
    ) : (
      <PageSpinner label="Loading the import" />
    );
  }
  const data = report.data;
  const uploads = new Map(
    uploadList.filter((upload) => upload.batchId === importId).map((upload) => [upload.fileId, upload]),
  );
  const waiting = data.files.filter(
    (file) => file.status === 'uploading' && (!uploads.has(file.id) || uploads.get(file.id)!.state === 'failed'),
  );
  const finished = data.finishedAt !== null;

  function resume({ archives }: CollectedArchives) {
    const byName = new Map(archives.map((archive) => [`${archive.name}\u0000${archive.file.size}`, archive]));
    const matched = waiting.flatMap((file) => {
      // A folder dropped again names its files the same way; a single file dropped has only its own name.
      const archive =
        byName.get(`${file.name}\u0000${file.sizeBytes}`) ??
        archives.find((candidate) => file.name.endsWith(candidate.name) && candidate.file.size === file.sizeBytes);
      return archive ? [{ fileId: file.id, archive }] : [];
    });
    sendArchives(importId, matched);
  }

  async function confirmCancel() {
    try {
      await cancel.mutateAsync(importId);
      stopArchives(importId);
      setConfirming(false);
    } catch {
      // The dialog says why.
    }
  }

  return (
    <section aria-labelledby="import-title">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id="import-title" className="h5 fw-bold mb-0">
          Import {data.id}{' '}
          <span className="text-body-secondary fw-normal">· started {formatDateTime(data.createdAt)}</span>
        </h2>
        {!finished ? (
          <Button variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
            Cancel the rest
          </Button>
        ) : null}
      </div>

      {finished ? <Summary report={data} /> : <BatchProgress report={data} uploads={uploads} />}

      {!finished && waiting.length > 0 ? (
        <div className="mb-4">
          <ImportDropZone
            prompt={`${plural(waiting.length, 'archive waits', 'archives wait')} for its file: drop the same files or folder again and each goes on where it stopped.`}
            onArchives={resume}
          />
        </div>
      ) : null}

      <div className="table-responsive">
        <table className="table align-middle import-files-table">
          <caption className="visually-hidden">Archives of import {data.id}</caption>
          <thead>
            <tr>
              <th scope="col">Archive</th>
              <th scope="col" className="text-end text-nowrap">
                Size
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.files.map((file) => (
              <tr key={file.id} data-status={file.status}>
                <td className="import-file-name">{file.name}</td>
                <td className="text-end text-nowrap text-body-secondary">{formatFileSize(file.sizeBytes)}</td>
                <td className="import-file-state">
                  <FileState file={file} upload={uploads.get(file.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        title={confirming ? 'Cancel the rest of this import?' : null}
        text="Archives still uploading or waiting are given up. The one being converted now finishes; what is imported stays."
        confirmLabel="Cancel the rest"
        cancelLabel="Keep importing"
        pending={cancel.isPending}
        error={cancel.isError ? 'The import could not be cancelled. Please try again.' : null}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
