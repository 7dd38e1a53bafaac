// The bar that says a new version of the shop is ready: 'Reload' lets its service worker take over
// and loads the page again from it; 'Later' hides the bar for this page (the new version then
// starts once every tab of the shop is closed). Mounted by the root shell only while one waits.
import { useState } from 'react';

import { reloadIntoNewVersion } from '../service-worker-registration';

export function UpdatePrompt() {
  const [hidden, setHidden] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (hidden) return null;
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3">
      {/* Opaque (Bootstrap's toast lets the page show through): the text stays legible over covers. */}
      <div className="toast show bg-body" role="status" aria-live="polite" aria-atomic="true">
        <div className="toast-body d-flex align-items-center gap-2">
          <span className="me-auto fw-semibold">New version: reload</span>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              reloadIntoNewVersion();
            }}
          >
            Reload
          </button>
          <button type="button" className="btn-close" aria-label="Later" onClick={() => setHidden(true)} />
        </div>
      </div>
    </div>
  );
}
