// /dashboard/users (docs/product.md §2 Admin screens: Users): a row per account with its e-mail,
// username, a role select (USER or ADMIN only, §5) and an active switch. A change is saved at
// once: the control shows the new value with a spinner while the server saves it; if the server
// refuses (409: one's own account, the last active admin), the control goes back and the
// server's reason shows. The signed-in admin's own row cannot be changed here. Search by e-mail
// or name (as one types) and the page live in the address (?q=ada&page=2), so a reload keeps them.
// On a phone each row is a card: the e-mail, the username, then the role and the switch side by
// side (styles/app.css, .users-table).
import { ROLES, type Role } from '@comics/shared/constants';
import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router';

import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';

import { USERS_PAGE_SIZE, useAdminUsers, type AdminUser } from '../api/get-admin-users';
import { useSetUserActive } from '../api/set-user-active';
import { useSetUserRole } from '../api/set-user-role';
import { BsPersonLock, BsSearch } from './admin-icons';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the last change led to: said once above the table. */
type ChangeOutcome = { tone: 'success' | 'danger'; message: string };

type AdminUsersProps = {
  /** The signed-in admin's account id: its row is shown but cannot be changed. */
  currentUserId: number | null;
};

export function AdminUsers({ currentUserId }: AdminUsersProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);

  // What the box shows; the address follows once typing pauses (the search runs from the
  // address). Going back in history brings the address's search into the box.
  const [search, setSearch] = useState(query);
  const [searchInAddress, setSearchInAddress] = useState(query);
  if (query !== searchInAddress) {
    setSearchInAddress(query);
    setSearch(query);
  }
  const searchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(searchTimer.current), []);

  function changeSearch(value: string) {
    setSearch(value);
    window.clearTimeout(searchTimer.current);
    searchTimer.current = window.setTimeout(() => {
      // A new search starts on its first page.
      setSearchParams(value.trim() ? { q: value } : {}, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  }

  const users = useAdminUsers({ q: query, page });
  const [outcome, setOutcome] = useState<ChangeOutcome | null>(null);
  const searchId = useId();

  function goTo(next: number) {
    const params: Record<string, string> = {};
    if (query.trim()) params.q = query;
    if (next > 1) params.page = String(next);
    setSearchParams(params);
  }

  const data = users.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;
  const searching = query.trim() !== '';

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-4">
        <h1 className="section-title mb-0">Users</h1>
        {data && data.total > 0 ? (
          <span className="badge rounded-pill text-bg-secondary fs-6">
            {formatCount(data.total)}
            <span className="visually-hidden">
              {' '}
              {data.total === 1 ? 'account' : 'accounts'}
              {searching ? ' found' : ''}
            </span>
          </span>
        ) : null}
      </div>

      <form
        className="admin-search mb-4"
        role="search"
        aria-label="Users"
        // The search runs as one types; Enter has nothing more to send.
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={searchId} className="form-label fw-semibold">
          Search by e-mail or name
        </label>
        <div className="input-group">
          <span className="input-group-text" aria-hidden="true">
            <BsSearch />
          </span>
          <input
            id={searchId}
            type="search"
            className="form-control"
            placeholder="e.g. ada@example.com"
            value={search}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => changeSearch(event.target.value)}
          />
        </div>
      </form>

      {outcome && (
        <Alert
          variant={outcome.tone}
          dismissible
          onClose={() => setOutcome(null)}
          // An error interrupts; a saved change is said politely.
          role={outcome.tone === 'danger' ? 'alert' : 'status'}
          className="py-2"
        >
          {outcome.message}
        </Alert>
      )}

      {!data ? (
        users.isError ? (
          <ErrorState title="The users could not be loaded" error={users.error} onRetry={() => users.refetch()} />
        ) : (
          <PageSpinner label="Loading the users" />
        )
      ) : data.items.length === 0 ? (
        <div className="empty-state text-center py-5" role="status">
          <BsSearch aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h5 fw-bold mb-2">{searching ? `No users match “${query.trim()}”` : 'No users yet'}</p>
          <p className="text-body-secondary mb-0">
            {searching
              ? 'Try part of the e-mail address or of the username.'
              : 'Accounts show here once people sign up.'}
          </p>
        </div>
      ) : (
        <>
          {users.isError && (
            <ErrorState title="The users could not be reloaded" error={users.error} onRetry={() => users.refetch()} />
          )}
          <div className="table-responsive admin-table-wrap mb-4">
            <table className="table align-middle admin-table users-table mb-0" aria-busy={users.isFetching}>
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Username</th>
                  <th scope="col">Role</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} onOutcome={setOutcome} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={totalPages} onPageChange={goTo} label="User pages" />
        </>
      )}
    </>
  );
}

type UserRowProps = {
  user: AdminUser;
  isSelf: boolean;
  onOutcome: (outcome: ChangeOutcome) => void;
};

function UserRow({ user, isSelf, onOutcome }: UserRowProps) {
  const setRole = useSetUserRole();
  const setActive = useSetUserActive();
  const noteId = useId();
  const switchId = useId();

  // Optimistic: while a change is saved, the control shows it; when the server refuses, the
  // control shows the stored value again.
  const role = setRole.isPending ? setRole.variables.role : user.rol;
  const active = setActive.isPending ? setActive.variables.active : user.active;
  const saving = setRole.isPending || setActive.isPending;

  function changeRole(next: Role) {
    setRole.mutate(
      { userId: user.id, role: next },
      {
        onSuccess: (saved) => onOutcome({ tone: 'success', message: `${saved.email} is now ${saved.rol}.` }),
        onError: (error) =>
          onOutcome({ tone: 'danger', message: `The role of ${user.email} was not changed: ${errorMessage(error)}` }),
      },
    );
  }

  function changeActive(next: boolean) {
    setActive.mutate(
      { userId: user.id, active: next },
      {
        onSuccess: (saved) =>
          onOutcome({ tone: 'success', message: `${saved.email} is now ${saved.active ? 'active' : 'inactive'}.` }),
        onError: (error) =>
          onOutcome({
            tone: 'danger',
            message: `${user.email} was not ${next ? 'activated' : 'deactivated'}: ${errorMessage(error)}`,
          }),
      },
    );
  }

  return (
    <tr aria-busy={saving}>
      <td className="text-break admin-table-email user-cell-email">
        {user.email}
        {isSelf && (
          <span id={noteId} className="d-flex align-items-center gap-1 small text-body-secondary mt-1">
            <BsPersonLock aria-hidden="true" className="flex-shrink-0" />
            Your account: another admin must change it.
          </span>
        )}
      </td>
      <td className="text-break user-cell-name">{user.username}</td>
      <td className="user-cell-role">
        <div className="d-flex align-items-center gap-2">
          <Form.Select
            size="sm"
            className="role-select"
            value={role}
            disabled={isSelf || setRole.isPending}
            aria-label={`Role of ${user.email}`}
            aria-describedby={isSelf ? noteId : undefined}
            onChange={(event) => changeRole(event.target.value as Role)}
          >
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </Form.Select>
          <SavingSpinner shown={setRole.isPending} />
        </div>
      </td>
      <td className="user-cell-active">
        <div className="d-flex align-items-center gap-2">
          <Form.Check
            type="switch"
            id={switchId}
            role="switch"
            className="mb-0 text-nowrap"
            checked={active}
            disabled={isSelf || setActive.isPending}
            aria-describedby={isSelf ? noteId : undefined}
            onChange={(event) => changeActive(event.target.checked)}
            label={
              <>
                <span aria-hidden="true">{active ? 'Active' : 'Inactive'}</span>
                <span className="visually-hidden">{user.email} is active</span>
              </>
            }
          />
          <SavingSpinner shown={setActive.isPending} />
        </div>
      </td>
    </tr>
  );
}

function SavingSpinner({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <Spinner animation="border" size="sm" role="status" className="flex-shrink-0">
      <span className="visually-hidden">Saving</span>
    </Spinner>
  );
}
