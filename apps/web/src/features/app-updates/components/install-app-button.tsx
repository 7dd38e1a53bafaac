// The navbar's 'Install app' button (the navbar shows it, from a chunk of its own, only while the
// browser offers to install the shop and it is not installed). On a phone the icon alone, so the
// bar still fits 360 px.
import { BsDownload } from 'react-icons/bs';

import { offerInstall } from '../install-offer';

export function InstallAppButton() {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary d-inline-flex align-items-center gap-1"
      aria-label="Install app"
      onClick={() => void offerInstall()}
    >
      <BsDownload aria-hidden="true" />
      <span className="d-none d-sm-inline">Install app</span>
    </button>
  );
}
