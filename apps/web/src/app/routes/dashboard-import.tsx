// /dashboard/import (issue 26): a new import of archives and the latest imports;
// /dashboard/import/{id}: one import as it goes, and its report. While this tab is uploading,
// leaving the page asks first (the uploads would stop; dropped again, they go on).
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { paths } from '@/config/paths';
import { useImports } from '@/features/admin/api/get-imports';
import { ImportProgress } from '@/features/admin/components/import-progress';
import { NewImportForm } from '@/features/admin/components/new-import-form';
import { RecentImports } from '@/features/admin/components/recent-imports';
import { uploadsUnderWay } from '@/features/admin/imports/upload-queue';
import { useDocumentTitle } from '@/lib/use-document-title';

function useWarnBeforeLeavingUploads() {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (uploadsUnderWay()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}

export function DashboardImportRoute() {
  const { importId } = useParams();
  useDocumentTitle(importId ? `Import ${importId}` : 'Import');
  useWarnBeforeLeavingUploads();
  const navigate = useNavigate();
  const imports = useImports();
  const id = Number(importId);

  return (
    <>
      <h1 className="section-title mb-4">Import</h1>
      {importId ? (
        <>
          <ImportProgress importId={id} />
          <p className="mt-4">
            <Link to={paths.dashboard.import.getHref()}>Start another import</Link>
          </p>
        </>
      ) : !imports.data ? (
        imports.isError ? (
          <ErrorState title="The imports could not be loaded" error={imports.error} onRetry={() => imports.refetch()} />
        ) : (
          <PageSpinner label="Loading the imports" />
        )
      ) : (
        <>
          <NewImportForm
            defaultPrice={imports.data.defaultPrice}
            onStarted={(started) => navigate(paths.dashboard.importReport.getHref(started))}
          />
          <h2 className="h5 fw-bold mt-5 mb-3">Latest imports</h2>
          <RecentImports batches={imports.data.batches} />
        </>
      )}
    </>
  );
}
