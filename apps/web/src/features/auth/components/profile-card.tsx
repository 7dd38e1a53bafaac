// The profile view (docs/product.md §2): a loading text while the account loads, then the picture (or a
// circle with the initials when there is none, or it fails to load), the name, and the label
// Email with the e-mail.
import type { Profile } from '@comics/shared/schemas/auth';
import { useState } from 'react';

import { ErrorState } from '@/components/error-state';

import { useMe } from '../api/get-me';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export function ProfileCard() {
  const me = useMe();

  if (me.isPending) {
    return (
      <p className="text-body-secondary py-5 text-center" role="status">
        Loading profile...
      </p>
    );
  }
  if (me.isError) return <ErrorState title="We could not load your profile" error={me.error} onRetry={me.refetch} />;
  return <ProfileDetails profile={me.data} />;
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const [pictureFailed, setPictureFailed] = useState(false);
  const showPicture = profile.picture !== null && !pictureFailed;

  return (
    <section className="profile-card card border-0 shadow-sm mx-auto" aria-labelledby="profile-name">
      <div className="card-body p-4 p-md-5 text-center">
        {showPicture ? (
          <img
            className="profile-avatar mb-3"
            src={profile.picture ?? undefined}
            alt={`Picture of ${profile.name}`}
            width={112}
            height={112}
            referrerPolicy="no-referrer"
            onError={() => setPictureFailed(true)}
          />
        ) : (
          <span className="profile-avatar profile-initials mb-3" aria-hidden="true">
            {initialsOf(profile.name)}
          </span>
        )}
        <h1 id="profile-name" className="h3 fw-bold mb-3 text-break">
          {profile.name}
        </h1>
        <dl className="profile-fields mb-0">
          <dt>Email</dt>
          <dd className="mb-0 text-break">{profile.email}</dd>
        </dl>
      </div>
    </section>
  );
}
