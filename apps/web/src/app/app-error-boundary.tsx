// Last-resort boundary: if rendering fails outside any route's own boundary, show a readable
// page with a reload button instead of a blank screen.
import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="container py-5 text-center">
        <h1 className="h3 fw-bold">Something went wrong</h1>
        <p className="text-body-secondary">The page could not be shown. Reloading usually fixes it.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}
