// The latest imports on the Import screen: when, from where (this screen or the import command),
// how many archives and how each ended, and whether it is still going; each opens its report.
import type { ImportBatches } from '@comics/shared/schemas/imports';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatCount, formatDateTime } from '@/lib/format';

export function RecentImports({ batches }: { batches: ImportBatches['batches'] }) {
  if (batches.length === 0) return <p className="text-body-secondary">No imports yet.</p>;
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">Latest imports</caption>
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Started</th>
            <th scope="col">From</th>
            <th scope="col" className="text-end">
              Created
            </th>
            <th scope="col" className="text-end">
              Updated
            </th>
            <th scope="col" className="text-end">
              Unchanged
            </th>
            <th scope="col" className="text-end">
              Failed
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => (
            <tr key={batch.id}>
              <td className="text-nowrap">
                <Link to={paths.dashboard.importReport.getHref(batch.id)}>Import {batch.id}</Link>
              </td>
              <td className="text-nowrap">
                <time dateTime={batch.createdAt}>{formatDateTime(batch.createdAt)}</time>
              </td>
              <td>{batch.source === 'upload' ? 'Uploads' : batch.dryRun ? 'Folder (dry run)' : 'Folder'}</td>
              <td className="text-end">{formatCount(batch.counts.created)}</td>
              <td className="text-end">{formatCount(batch.counts.updated)}</td>
              <td className="text-end">{formatCount(batch.counts.unchanged)}</td>
              <td className="text-end">{formatCount(batch.counts.failed)}</td>
              <td>
                {batch.finishedAt ? (
                  <span className="badge text-bg-secondary">Finished</span>
                ) : (
                  <span className="badge text-bg-info">Running</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
