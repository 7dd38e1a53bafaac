// App passwords: one per reading app, made here, shown once, revoked alone when a device is lost
// or sold. The shop password never goes into a reading app.
import type { CreatedAppPassword } from '@comics/shared/schemas/app-passwords';
import { useState } from 'react';

import { AppPasswordList } from './app-password-list';
import { APP_PASSWORD_NAME_FIELD_ID, CreateAppPasswordForm } from './create-app-password-form';
import { BsKey } from './devices-icons';
import { NewAppPassword } from './new-app-password';

type AppPasswordsCardProps = { userId: number; email: string };

export function AppPasswordsCard({ userId, email }: AppPasswordsCardProps) {
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);

  function hideSecret() {
    setCreated(null);
    // The box with the focus is gone: back to the form, ready for the next device.
    document.getElementById(APP_PASSWORD_NAME_FIELD_ID)?.focus();
  }

  return (
    <section className="card border-0 shadow-sm devices-card" aria-labelledby="app-passwords-title">
      <div className="card-body d-flex flex-column gap-3">
        <div>
          <h2 id="app-passwords-title" className="h5 fw-bold d-flex align-items-center gap-2 mb-2">
            <BsKey aria-hidden="true" className="text-primary flex-shrink-0" />
            App passwords
          </h2>
          <p className="text-body-secondary small mb-0">
            Make one for each reading app. It opens your comics in that app and nothing else of your account.
          </p>
        </div>
        <CreateAppPasswordForm userId={userId} onCreated={setCreated} />
        {created && <NewAppPassword created={created} email={email} onDone={hideSecret} />}
        <AppPasswordList userId={userId} />
      </div>
    </section>
  );
}
