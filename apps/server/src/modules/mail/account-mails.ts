// The e-mails about an account's sign-in: the link of 'Forgot password?', the answer for an account
// that signs in with Google (it has no password to reset), the notice that the password was
// changed, and the notice that wrong passwords paused sign-ins from new devices. Pure, plain text
// and HTML like the order confirmation; names come from sign-ups and are escaped in the HTML part.
// The reset link carries its token in the fragment (#token=…), which browsers never send to a
// server, so it is in no access log and no Referer header.
import { escapeHtml } from '../../platform/http/escape-html';
import type { OutboxMessage } from './outbox';

const SHOP_NAME = 'Comics Shop';

interface Recipient {
  name: string;
  email: string;
  /** The shop's public origin, without a trailing slash. */
  shopUrl: string;
}

/** A message of a few paragraphs: each one a sentence, or a sentence followed by one link. */
type Paragraph = string | { text: string; link: { label: string; href: string } };

function compose(recipient: Recipient, subject: string, paragraphs: Paragraph[]): Required<OutboxMessage> {
  const all: Paragraph[] = [`Hello ${recipient.name},`, ...paragraphs, SHOP_NAME];
  const text = all.map((p) => (typeof p === 'string' ? p : `${p.text}\n${p.link.href}`)).join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529">
${all
  .map((p) =>
    typeof p === 'string'
      ? `<p>${escapeHtml(p)}</p>`
      : `<p>${escapeHtml(p.text)} <a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a></p>`,
  )
  .join('\n')}
</body>
</html>
`;
  return { recipient: recipient.email, subject, textBody: `${text}\n`, htmlBody: html, orderId: null };
}

export function buildPasswordResetLink(recipient: Recipient & { link: string; validMinutes: number }) {
  return compose(recipient, 'Choose a new password for Comics Shop', [
    {
      text: 'Someone, probably you, asked to choose a new password for your Comics Shop account. Open this link to choose it:',
      link: { label: 'Choose a new password', href: recipient.link },
    },
    `The link works once and for ${recipient.validMinutes} minutes. When you set the new password, every device signed in to your account is signed out.`,
    'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ]);
}

export function buildUseGoogleSignIn(recipient: Recipient) {
  return compose(recipient, 'How to sign in to Comics Shop', [
    'Someone, probably you, asked to choose a new password for your Comics Shop account.',
    {
      text: "This account signs in with Google and has no password. Use 'Log in with Google' on the login page:",
      link: { label: 'Log in', href: `${recipient.shopUrl}/login` },
    },
    'If you did not ask for it, ignore this e-mail.',
  ]);
}

/** '2025-03-04 15:06 UTC': the same for every reader, whatever the server's locale. */
const inUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const forgotPasswordLink = (recipient: Recipient) => ({
  label: 'Forgot password?',
  href: `${recipient.shopUrl}/forgot-password`,
});

export function buildPasswordChanged(recipient: Recipient & { changedAt: Date }) {
  return compose(recipient, 'Your Comics Shop password was changed', [
    `The password of your Comics Shop account was changed on ${inUtc(recipient.changedAt)}, and every device signed in to it was signed out.`,
    {
      text: 'If you did not change it, ask for a new password at once:',
      link: forgotPasswordLink(recipient),
    },
  ]);
}

/** Wrong passwords paused sign-ins to the account from devices it was never used on (login-brakes.ts). */
export function buildSignInsPaused(recipient: Recipient & { pausedMinutes: number; at: Date }) {
  return compose(recipient, 'Sign-ins to your Comics Shop account are paused', [
    `Someone tried to sign in to your Comics Shop account (${recipient.email}) with wrong passwords several times, most recently at ${inUtc(recipient.at)}.`,
    `Sign-ins to your account from browsers and devices you have not used with it before are paused for ${recipient.pausedMinutes} minutes. Browsers where you have signed in before still work as usual.`,
    {
      text: "If this was not you, choose a new password with 'Forgot password?' on the login page:",
      link: forgotPasswordLink(recipient),
    },
  ]);
}
