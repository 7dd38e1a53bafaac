// /singup (docs/product.md §2 Sign-up, shown in a static modal; the path keeps the spec's spelling).
import Modal from 'react-bootstrap/Modal';

import { PurchaseNotice } from '@/features/auth/components/purchase-notice';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  return (
    <main id="main" className="auth-page min-vh-100" tabIndex={-1}>
      <Modal show backdrop="static" keyboard={false} centered aria-labelledby="signup-title">
        <Modal.Header>
          <Modal.Title id="signup-title" as="h1" className="h4 fw-bold">
            Sign Up
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="p-4">
          <PurchaseNotice verb="Sign up" />
          <SignupForm />
        </Modal.Body>
      </Modal>
    </main>
  );
}
