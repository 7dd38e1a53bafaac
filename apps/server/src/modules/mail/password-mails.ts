// The e-mails of 'Forgot password?': the link to choose a new password, the answer for an account
// that signs in with Google (it has no password to reset), and the notice that the password was
// changed. Pure, plain text and HTML like the order confirmation; names come from sign-ups and are
// escaped in the HTML part. The link carries its token in the fragment (#token=…), which browsers
// never send to a server, so it is in no access log and no Referer header.
import { escapeHtml } from './order-confirmation';
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

export function buildPasswordChanged(recipient: Recipient & { changedAt: Date }) {
  const at = `${recipient.changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return compose(recipient, 'Your Comics Shop password was changed', [
    `The password of your Comics Shop account was changed on ${at}, and every device signed in to it was signed out.`,
    {
      text: 'If you did not change it, ask for a new password at once:',
      link: { label: 'Forgot password?', href: `${recipient.shopUrl}/forgot-password` },
    },
  ]);
}
