// The login screen's form (SPEC §2 Login). Signing in arrives with the accounts work: until
// then the fields and buttons are shown disabled, with nothing pretending to work.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FcGoogle } from 'react-icons/fc';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

export function LoginForm() {
  return (
    <Form noValidate aria-describedby="login-unavailable" onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled>
        <Form.Group className="mb-3" controlId="login-email">
          <Form.Label>Email</Form.Label>
          <Form.Control type="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control type="password" autoComplete="current-password" />
        </Form.Group>
        <div className="d-grid gap-2">
          <Button type="submit" variant="primary" size="lg">
            Log in
          </Button>
          <Button
            type="button"
            variant="outline-secondary"
            className="d-flex align-items-center justify-content-center gap-2"
          >
            <FcGoogle aria-hidden="true" /> Log in with Google
          </Button>
        </div>
      </fieldset>
      <p id="login-unavailable" className="small text-body-secondary mt-3 mb-0">
        Accounts are not open yet.
      </p>
      <div className="d-flex justify-content-between align-items-center mt-4">
        <Link to={paths.home.getHref()} className="btn btn-outline-primary">
          Home
        </Link>
        <Link to={paths.signup.getHref()}>Create an account</Link>
      </div>
    </Form>
  );
}
