// The sign-up form (SPEC §2 Sign-up): Username, Email, Password and verify your password.
// Registration arrives with the accounts work: the fields are disabled until then.
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

export function SignupForm() {
  return (
    <Form noValidate aria-describedby="signup-unavailable" onSubmit={(event) => event.preventDefault()}>
      <fieldset disabled>
        <Form.Group className="mb-3" controlId="signup-username">
          <Form.Label>Username</Form.Label>
          <Form.Control type="text" autoComplete="username" />
        </Form.Group>
        <Form.Group className="mb-3" controlId="signup-email">
          <Form.Label>Email</Form.Label>
          <Form.Control type="email" autoComplete="email" />
        </Form.Group>
        <Form.Group className="mb-3" controlId="signup-password">
          <Form.Label>Password</Form.Label>
          <Form.Control type="password" autoComplete="new-password" />
        </Form.Group>
        <Form.Group className="mb-4" controlId="signup-repeat">
          <Form.Label>verify your password</Form.Label>
          <Form.Control type="password" autoComplete="new-password" />
        </Form.Group>
        <div className="d-grid">
          <Button type="submit" variant="primary" size="lg">
            Sign Up
          </Button>
        </div>
      </fieldset>
      <p id="signup-unavailable" className="small text-body-secondary mt-3 mb-0">
        Accounts are not open yet.
      </p>
      <div className="d-flex justify-content-between align-items-center mt-4">
        <Link to={paths.home.getHref()} className="btn btn-outline-primary">
          Home
        </Link>
        <Link to={paths.login.getHref()}>I already have an account</Link>
      </div>
    </Form>
  );
}
