// The start of an import (/dashboard/import): archives dropped or chosen, what their new issues
// cost (the shop's default price, or a price per publisher, offered for each publisher folder of
// the common layout), and 'Import N archives', which declares them to the server and starts their
// uploads. Checked with the schema the server uses, so the messages are the same.
import { importBatchBody } from '@comics/shared/schemas/imports';
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { BsPlusLg, BsXLg } from 'react-icons/bs';

import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';

import { useStartImport } from '../api/start-import';
import { publishersInPaths, type ArchiveFile, type CollectedArchives } from '../imports/archive-files';
import { formatFileSize } from '../imports/file-size';
import { sendArchives } from '../imports/upload-queue';
import { plural } from './admin-format';
import { ImportDropZone } from './import-drop-zone';

/** Archives listed by name before the import starts; the rest are counted. */
const LISTED_ARCHIVES = 8;

type PublisherPrice = { key: number; publisher: string; price: string };

/** Where a refusal shows: a publisher's price by its row (the rows sent are the priced ones), else by its path. */
function fieldOf(path: readonly PropertyKey[], sent: readonly PublisherPrice[]): string {
  const [list, index, field] = path;
  if (list === 'publisherPrices' && typeof index === 'number') return `publisher.${sent[index]!.key}.${String(field)}`;
  return path.map(String).join('.');
}

type NewImportFormProps = {
  /** The shop's default price, in dollars. */
  defaultPrice: number;
  onStarted: (importId: number) => void;
};

export function NewImportForm({ defaultPrice, onStarted }: NewImportFormProps) {
  const id = useId();
  const [archives, setArchives] = useState<ArchiveFile[]>([]);
  const [skipped, setSkipped] = useState(0);
  const [price, setPrice] = useState(defaultPrice.toFixed(2));
  const [publisherPrices, setPublisherPrices] = useState<PublisherPrice[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useStartImport();

  function chosen({ archives: found, skipped: others }: CollectedArchives) {
    setArchives(found);
    setSkipped(others);
    setErrors({});
    // A price row for each publisher folder not offered yet, blank (the default price) until typed.
    setPublisherPrices((rows) => {
      const known = new Set(rows.map((row) => row.publisher.toLowerCase()));
      const added = publishersInPaths(found).filter((publisher) => !known.has(publisher.toLowerCase()));
      return [...rows, ...added.map((publisher, index) => ({ key: Date.now() + index, publisher, price: '' }))];
    });
  }

  function setRow(key: number, values: Partial<PublisherPrice>) {
    setPublisherPrices((rows) => rows.map((row) => (row.key === key ? { ...row, ...values } : row)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A publisher's row left without a price leaves its issues at the default one, as it says.
    const priced = publisherPrices.filter((row) => row.price.trim() !== '');
    const body = {
      defaultPrice: Number(price),
      publisherPrices: priced.map((row) => ({ publisher: row.publisher, price: Number(row.price) })),
      files: archives.map(({ name, file }) => ({ name, size: file.size })),
    };
    const checked = importBatchBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [fieldOf(issue.path, priced), issue.message])));
      return;
    }
    setErrors({});
    try {
      const report = await start.mutateAsync(body);
      // Files are declared in the order sent: the report's ids go with the archives in that order.
      sendArchives(
        report.id,
        report.files.map((file, index) => ({ fileId: file.id, archive: archives[index]! })),
      );
      onStarted(report.id);
    } catch {
      // start.error says why.
    }
  }

  const totalBytes = archives.reduce((sum, { file }) => sum + file.size, 0);
  const priceError = errors.defaultPrice;
  // A problem of the whole list, or of one file (an empty one): the first is enough to act on.
  const filesError = Object.entries(errors).find(([path]) => path.startsWith('files'))?.[1];

  return (
    <Form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold mb-3">
        New import
      </h2>
      <ImportDropZone prompt="Drop archives or folders of archives here." onArchives={chosen} />

      {archives.length > 0 || skipped > 0 ? (
        <div className="mt-3" role="status">
          <p className="mb-2 fw-semibold">
            {plural(archives.length, 'archive', 'archives')}, {formatFileSize(totalBytes)}
            {skipped > 0 ? (
              <span className="text-body-secondary fw-normal">
                {' '}
                ({plural(skipped, 'other file', 'other files')} left out)
              </span>
            ) : null}
          </p>
          <ul className="list-unstyled small mb-0 import-chosen-list">
            {archives.slice(0, LISTED_ARCHIVES).map(({ name, file }) => (
              <li key={name} className="text-truncate">
                {name} <span className="text-body-secondary">· {formatFileSize(file.size)}</span>
              </li>
            ))}
            {archives.length > LISTED_ARCHIVES ? (
              <li className="text-body-secondary">and {formatCount(archives.length - LISTED_ARCHIVES)} more</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {filesError ? (
        <div className="invalid-feedback d-block" role="alert">
          {filesError}
        </div>
      ) : null}

      <fieldset className="mt-4">
        <legend className="h6 fw-bold">Prices of new issues</legend>
        <p className="small text-body-secondary">
          Issues already in the shop keep their price. A publisher’s price goes to that publisher’s new issues (as named
          in ComicInfo.xml or by the folder).
        </p>
        <Form.Group className="mb-3 import-price" controlId={`${id}-default-price`}>
          <Form.Label>Default price ($)</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.5"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            isInvalid={Boolean(priceError)}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${id}-default-price-error` : undefined}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-default-price-error`}>
            {priceError}
          </Form.Control.Feedback>
        </Form.Group>
        {publisherPrices.map((row, index) => {
          const publisherError = errors[`publisher.${row.key}.publisher`];
          const rowPriceError = errors[`publisher.${row.key}.price`];
          return (
            <div
              key={row.key}
              className="d-flex flex-wrap align-items-start gap-2 mb-2"
              role="group"
              aria-label={`Publisher price ${index + 1}`}
            >
              <Form.Group className="flex-grow-1" controlId={`${id}-publisher-${row.key}`}>
                <Form.Label className="visually-hidden">Publisher</Form.Label>
                <Form.Control
                  placeholder="Publisher"
                  value={row.publisher}
                  onChange={(event) => setRow(row.key, { publisher: event.target.value })}
                  isInvalid={Boolean(publisherError)}
                  aria-invalid={publisherError ? true : undefined}
                />
                <Form.Control.Feedback type="invalid">{publisherError}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="import-price" controlId={`${id}-publisher-price-${row.key}`}>
                <Form.Label className="visually-hidden">
                  Price of {row.publisher || 'this publisher'}’s new issues ($)
                </Form.Label>
                <Form.Control
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.5"
                  placeholder={`${price || defaultPrice} (default)`}
                  value={row.price}
                  onChange={(event) => setRow(row.key, { price: event.target.value })}
                  isInvalid={Boolean(rowPriceError)}
                  aria-invalid={rowPriceError ? true : undefined}
                />
                <Form.Control.Feedback type="invalid">{rowPriceError}</Form.Control.Feedback>
              </Form.Group>
              <Button
                variant="outline-secondary"
                aria-label={`Remove the price of ${row.publisher || 'this publisher'}`}
                onClick={() => setPublisherPrices((rows) => rows.filter((other) => other.key !== row.key))}
              >
                <BsXLg aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        <Button
          variant="link"
          className="px-0"
          onClick={() => setPublisherPrices((rows) => [...rows, { key: Date.now(), publisher: '', price: '' }])}
        >
          <BsPlusLg aria-hidden="true" className="me-1" />
          Add a publisher’s price
        </Button>
      </fieldset>

      {start.isError ? (
        <Alert variant="danger" className="mt-3">
          {errorMessage(start.error)}
        </Alert>
      ) : null}
      <div className="mt-4">
        <Button type="submit" size="lg" disabled={start.isPending || archives.length === 0}>
          {start.isPending ? <Spinner size="sm" className="me-2" aria-hidden="true" /> : null}
          {archives.length > 0 ? `Import ${plural(archives.length, 'archive', 'archives')}` : 'Import'}
        </Button>
      </div>
    </Form>
  );
}
