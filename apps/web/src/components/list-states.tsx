// The spec's loading and empty states: a spinner, and 'Comics not found' for a list that stays
// empty (the caller decides when, with useElapsed: 2500 ms on the catalogue, 5000 ms for issues).
import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';

export function ComicsNotFound({ children }: { children?: ReactNode }) {
  return (
    <div className="empty-state text-center py-5" role="status">
      <p className="h4 fw-bold mb-3">Comics not found</p>
      {children}
    </div>
  );
}

export function PageSpinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div className={`page-spinner d-flex justify-content-center py-5 ${className ?? ''}`} role="status">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
