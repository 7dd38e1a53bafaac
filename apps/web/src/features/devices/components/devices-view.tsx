// 'Read on your devices' (issue 27): the comics a user bought, in the reading apps of their
// e-reader, tablet or computer. The shop's OPDS feeds to add there, the app passwords those apps
// sign in with, and a few lines per app on where the feed goes. Wide screens: the feeds and
// passwords on the left, the apps' steps beside them; a phone stacks them.
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { AppPasswordsCard } from './app-passwords-card';
import { FeedAddressesCard } from './feed-addresses-card';
import { ReadingAppGuides } from './reading-app-guides';
import './devices.css';

type DevicesViewProps = {
  userId: number;
  /** The account's e-mail: the username reading apps sign in with. */
  email: string;
  /** The shop's address as reading apps reach it. */
  origin: string;
};

export function DevicesView({ userId, email, origin }: DevicesViewProps) {
  return (
    <div className="devices">
      <h1 className="section-title mb-2">Read on your devices</h1>
      <p className="devices-intro text-body-secondary mb-4">
        Add the shop to a reading app once and the comics you bought show up there, on an e-reader, a tablet or a
        computer. Each issue also downloads as a DRM-free CBZ file from{' '}
        <Link to={paths.user.purchases.getHref()}>My comics</Link>.
      </p>
      <div className="row g-4">
        <div className="col-lg-7 d-flex flex-column gap-4">
          <FeedAddressesCard origin={origin} email={email} />
          <AppPasswordsCard userId={userId} email={email} />
        </div>
        <div className="col-lg-5">
          <ReadingAppGuides />
        </div>
      </div>
    </div>
  );
}
