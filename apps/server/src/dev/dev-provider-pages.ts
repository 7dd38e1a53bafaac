// The pages of the development OpenID provider: its sign-in form and its error pages. Plain,
// self-contained HTML (an inline <style>, which the shop's CSP allows; no script, no external
// resource), readable in light and dark colour schemes.
import { escapeHtml } from '../platform/http/escape-html';

export const SIGN_IN_TITLE = 'Sign in (development provider)';

const STYLE = `
:root { color-scheme: light dark; --bg: #f3f4f6; --card: #fff; --text: #1f2937; --muted: #4b5563;
  --border: #9ca3af; --accent: #1d4ed8; --accent-text: #fff; --error: #b91c1c; --note: #fef3c7; --note-text: #78350f; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111827; --card: #1f2937; --text: #f9fafb; --muted: #d1d5db; --border: #6b7280;
    --accent: #93c5fd; --accent-text: #111827; --error: #fca5a5; --note: #422006; --note-text: #fde68a; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1rem;
  background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 26rem; background: var(--card); border-radius: 0.75rem; padding: 2rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.2); }
h1 { font-size: 1.375rem; margin: 0 0 0.75rem; }
p { margin: 0 0 1rem; }
.note { background: var(--note); color: var(--note-text); border-radius: 0.5rem; padding: 0.75rem; font-size: 0.9375rem; }
.field { margin-bottom: 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { width: 100%; font: inherit; color: inherit; background: transparent; padding: 0.5rem 0.75rem;
  border: 1px solid var(--border); border-radius: 0.375rem; }
input[aria-invalid="true"] { border-color: var(--error); }
.hint { color: var(--muted); font-size: 0.875rem; margin: 0.25rem 0 0; }
.error { color: var(--error); font-size: 0.875rem; margin: 0.25rem 0 0; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button, .button { font: inherit; font-weight: 600; padding: 0.5rem 1.25rem; border-radius: 0.375rem; cursor: pointer;
  border: 1px solid var(--accent); text-decoration: none; display: inline-block; }
.primary { background: var(--accent); color: var(--accent-text); }
.secondary { background: transparent; color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface SignInForm {
  uid: string;
  /** Who asks: the client's name. */
  clientName: string;
  email?: string;
  name?: string;
  emailError?: string;
}

/** The form that stands in for Google's sign-in: any e-mail and name, no password. */
export function signInPage(form: SignInForm): string {
  const emailError = form.emailError
    ? `<p id="email-error" class="error" role="alert">${escapeHtml(form.emailError)}</p>`
    : '';
  const emailState = form.emailError ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return page(
    SIGN_IN_TITLE,
    `<h1>${escapeHtml(SIGN_IN_TITLE)}</h1>
<p>to continue to ${escapeHtml(form.clientName)}</p>
<p class="note">This page stands in for Google while the shop runs without it (offline or in development).
No password is needed, so it only signs in to accounts it created itself: a new e-mail address makes a new
customer account. It never signs in to an administrator, or to an account that has a password or was made
another way.</p>
<form method="post" action="/oidc/interaction/${encodeURIComponent(form.uid)}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" autofocus value="${escapeHtml(form.email ?? '')}"${emailState}>
${emailError}
</div>
<div class="field">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="60" value="${escapeHtml(form.name ?? '')}" aria-describedby="name-hint">
<p id="name-hint" class="hint">Optional. Without one, the shop uses the part of the e-mail address before the @.</p>
</div>
<div class="actions">
<button type="submit" name="action" value="login" class="primary">Sign in</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** A dead end of the sign-in (expired request, provider error), with the way back to the shop. */
export function messagePage(title: string, lines: string[]): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a class="button primary" href="/login">Back to the shop's login</a></p>`,
  );
}
