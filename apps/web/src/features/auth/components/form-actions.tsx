// The ends of the account forms: the full-width submit button with its busy spinner, and the
// footer with the Home button and the link to the other form.
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <div className="d-grid">
      <Button
        type="submit"
        variant="primary"
        size="lg"
        className="d-flex align-items-center justify-content-center gap-2"
        disabled={disabled}
      >
        {busy && <Spinner animation="border" size="sm" aria-hidden="true" />}
        {children}
      </Button>
    </div>
  );
}

export function AuthFooter({ prompt, to, linkText }: { prompt: string; to: string; linkText: string }) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-4">
      <Link to={paths.home.getHref()} className="btn btn-outline-primary">
        Home
      </Link>
      <p className="mb-0">
        {prompt} <Link to={to}>{linkText}</Link>
      </p>
    </div>
  );
}
