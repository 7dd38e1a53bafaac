// /user/devices: 'Read on your devices' (issue 27). A customer's page: the reading apps read what
// they bought. The username those apps sign in with is the account's e-mail, from the profile.
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { useMe } from '@/features/auth/api/get-me';
import { DevicesView } from '@/features/devices/components/devices-view';
import { useDocumentTitle } from '@/lib/use-document-title';

import { CustomerOnly } from '../customer-only';

export function DevicesRoute() {
  useDocumentTitle('Read on your devices');
  return (
    <div className="container-xxl py-3 py-md-4">
      <CustomerOnly>{(userId) => <Devices userId={userId} />}</CustomerOnly>
    </div>
  );
}

function Devices({ userId }: { userId: number }) {
  const me = useMe();
  if (me.isPending) return <PageSpinner label="Loading your account" />;
  if (me.isError) return <ErrorState title="Your account could not be loaded" error={me.error} onRetry={me.refetch} />;
  // The feeds' addresses are this page's own origin: the address the user reached the shop by.
  return <DevicesView userId={userId} email={me.data.email} origin={window.location.origin} />;
}
