// The addresses a reading app is given: the shop's two OPDS catalogues, and the username it
// signs in with (the account's e-mail).
import { feedAddresses } from '../utils/feed-addresses';
import { CopyableValue } from './copyable-value';
import { BsRss } from './devices-icons';

type FeedAddressesCardProps = {
  /** The shop's address as reading apps reach it (the page's own origin). */
  origin: string;
  email: string;
};

export function FeedAddressesCard({ origin, email }: FeedAddressesCardProps) {
  const feeds = feedAddresses(origin);
  return (
    <section className="card border-0 shadow-sm devices-card" aria-labelledby="feed-addresses-title">
      <div className="card-body">
        <h2 id="feed-addresses-title" className="h5 fw-bold d-flex align-items-center gap-2 mb-2">
          <BsRss aria-hidden="true" className="text-primary flex-shrink-0" />
          Feed addresses
        </h2>
        <p className="text-body-secondary small">
          Reading apps sign in with your e-mail and an app password, never your shop password.
        </p>
        <div className="d-flex flex-column gap-2">
          <CopyableValue label="OPDS 1.2 (KOReader, Panels, Chunky)" value={feeds.opds1} what="the OPDS 1.2 address" />
          <CopyableValue label="OPDS 2.0 (Thorium)" value={feeds.opds2} what="the OPDS 2.0 address" />
          <CopyableValue label="Username" value={email} what="the username" />
        </div>
      </div>
    </section>
  );
}
