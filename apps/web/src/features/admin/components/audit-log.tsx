// 'Recent admin activity' on the dashboard: the audit log, newest first, a page at a time, each
// entry a sentence (who did what to what) with when. The server writes the entries; this screen
// only reads them.
import { centsToDollars } from '@comics/shared/money';
import type { AuditAction } from '@comics/shared/schemas/admin';
import { useId, useState } from 'react';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { Pagination } from '@/components/pagination';

import { AUDIT_PAGE_SIZE, useAdminAudit, type AuditEntry } from '../api/get-admin-audit';
import { formatDateTime } from '@/lib/format';
import { formatMoney, plural } from './admin-format';
import { BsClockHistory } from './admin-icons';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const fieldNames: Record<string, string> = {
  name: 'name',
  deck: 'deck',
  description: 'description',
  image: 'image',
  publisher: 'publisher',
  price: 'price',
};

/** 'the name and price' from the edited fields a detail lists. */
function describeFields(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const names = value.map((field) => (typeof field === 'string' ? (fieldNames[field] ?? field) : null));
  const known = names.filter((name): name is string => name !== null);
  if (known.length === 0) return null;
  const last = known.pop()!;
  return `the ${known.length > 0 ? `${known.join(', ')} and ${last}` : last}`;
}

/**
 * What an entry says was done, as the end of a sentence whose subject is the admin, e.g.
 * 'changed the role of user 12 to ADMIN'. Details the server may add later are read when they
 * are there and skipped when not.
 */
export function describeAuditEntry(entry: AuditEntry): string {
  const target = entry.target ?? null;
  const on = (thing: string) => (target ? `${thing} ${target}` : thing);
  const details = entry.details;
  const sentences: Record<AuditAction, () => string> = {
    'user.role_changed': () => {
      const role = text(details.role) ?? text(details.rol);
      return `changed the role of ${target ?? 'an account'}${role ? ` to ${role}` : ''}`;
    },
    'user.activation_changed': () => {
      if (details.active === true) return `activated ${target ?? 'an account'}`;
      if (details.active === false) return `deactivated ${target ?? 'an account'}`;
      return `changed whether ${target ?? 'an account'} is active`;
    },
    'review.deleted': () => (target ? `deleted ${target}` : 'deleted a review'),
    'order.taken_back': () => {
      const count = Array.isArray(details.issues) ? details.issues.length : null;
      const what = count === null ? 'the comics' : `the ${plural(count, 'issue', 'issues')}`;
      return `took back ${what}${target ? ` of ${target}` : ''} from its buyer`;
    },
    'order.confirmation_resent': () => {
      const emails = Array.isArray(details.email) ? details.email.filter((email) => typeof email === 'string') : [];
      const to = emails.length > 0 ? ` to ${emails.join(', ')}` : '';
      return `resent the order confirmation${target ? ` of ${target}` : ''}${to}`;
    },
    'media.uploaded': () => (target ? `uploaded the image ${target}` : 'uploaded an image'),
    'comic.created': () => {
      const name = text(details.name);
      const episodes = whole(details.episodes);
      const what = name ? `the comic “${name}”` : 'a comic';
      return `created ${what}${episodes !== null ? ` with ${plural(episodes, 'issue', 'issues')}` : ''}${target ? ` (${target})` : ''}`;
    },
    'comic.updated': () => `edited ${describeFields(details.fields) ?? 'the details'} of ${target ?? 'a comic'}`,
    'issue.created': () => {
      const number = whole(details.issueNumber);
      const volumeId = whole(details.volumeId);
      const cents = whole(details.priceCents);
      const what = number !== null ? `issue #${number}` : 'an issue';
      const of = volumeId !== null ? ` of volume ${volumeId}` : '';
      return `added ${what}${of}${cents !== null ? ` at ${formatMoney(centsToDollars(cents))}` : ''}${target ? ` (${target})` : ''}`;
    },
    'issue.updated': () => {
      const oldCents = whole(details.oldPriceCents);
      const newCents = whole(details.newPriceCents);
      const fields = describeFields(details.fields) ?? 'the details';
      const price =
        oldCents !== null && newCents !== null
          ? ` (price ${formatMoney(centsToDollars(oldCents))} → ${formatMoney(centsToDollars(newCents))})`
          : '';
      return `edited ${fields} of ${target ?? 'an issue'}${price}`;
    },
    'import.started': () => {
      const files = whole(details.files);
      const what = files !== null ? plural(files, 'archive', 'archives') : 'archives';
      return `started importing ${what}${details.dryRun === true ? ' (a dry run)' : ''}${target ? ` (${target})` : ''}`;
    },
    'import.finished': () => {
      const counts = (['created', 'updated', 'unchanged', 'failed'] as const)
        .map((outcome) => [outcome, whole(details[outcome])] as const)
        .filter(([, count]) => count !== null && count > 0)
        .map(([outcome, count]) => `${count} ${outcome}`);
      return `finished ${target ?? 'an import'}${counts.length > 0 ? `: ${counts.join(', ')}` : ''}`;
    },
  };
  return (sentences[entry.action] ?? (() => on(`did ${entry.action} on`)))();
}

export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useAdminAudit(page);
  const headingId = useId();
  const data = audit.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <section className="card admin-panel" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 fw-bold mb-3">
          Recent admin activity
        </h2>
        {!data ? (
          audit.isError ? (
            <ErrorState
              title="The admin activity could not be loaded"
              error={audit.error}
              onRetry={() => audit.refetch()}
            />
          ) : (
            <PageSpinner label="Loading the admin activity" />
          )
        ) : data.items.length === 0 ? (
          <div className="text-center py-4">
            <BsClockHistory aria-hidden="true" className="empty-state-icon mb-2" />
            <p className="fw-bold mb-1">No admin activity yet</p>
            <p className="small text-body-secondary mb-0">
              Role and account changes, deleted reviews, uploads and catalogue edits show here.
            </p>
          </div>
        ) : (
          <>
            {audit.isError && (
              <ErrorState
                title="The admin activity could not be reloaded"
                error={audit.error}
                onRetry={() => audit.refetch()}
              />
            )}
            <ol className="list-unstyled audit-list mb-3" aria-busy={audit.isFetching}>
              {data.items.map((entry) => (
                <li key={entry.id} className="audit-entry">
                  <p className="mb-0 text-break">
                    <span className="fw-semibold">{entry.actor?.email ?? 'A deleted account'}</span>{' '}
                    {describeAuditEntry(entry)}.
                  </p>
                  <time dateTime={entry.at} className="small text-body-secondary">
                    {formatDateTime(entry.at)}
                  </time>
                </li>
              ))}
            </ol>
            <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Admin activity pages" />
          </>
        )}
      </div>
    </section>
  );
}
