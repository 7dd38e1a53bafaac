// The e-mail a follower of a series gets when an issue is added to it (issue 24): which issue,
// its price, a link to it in the shop, and a link that stops these e-mails without signing in.
// Pure, plain text and HTML like the order confirmation; series and issue names come from
// administrators and are escaped in the HTML part. Written once per new issue, with placeholders
// for what differs per follower (their name, their unsubscribe link: see enqueueForEach).
import { centsToDollars, formatDollars } from '@comics/shared/money';
import { escapeHtml } from '../../platform/http/escape-html';
import type { OutboxMessage } from './outbox';

const SHOP_NAME = 'Comics Shop';

export interface NewIssueMailInput {
  /** The follower's name as it stands in the greeting (a placeholder when written for many). */
  followerName: string;
  volumeName: string;
  issueNumber: number;
  /** The issue's own title, when it has one. */
  title: string | null;
  priceCents: number;
  /** Where the issue opens in the shop. */
  issueUrl: string;
  /** Where following without e-mails begins: the unsubscribe page with its token. */
  unsubscribeUrl: string;
}

/** One line, whatever an administrator typed. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** 'Batman #5 — The Long Night', or 'Batman #5' for an issue without a title of its own. */
export function newIssueTitle(input: Pick<NewIssueMailInput, 'volumeName' | 'issueNumber' | 'title'>): string {
  const series = `${oneLine(input.volumeName)} #${input.issueNumber}`;
  return input.title ? `${series} — ${oneLine(input.title)}` : series;
}

export function buildNewIssueMail(input: NewIssueMailInput): Omit<Required<OutboxMessage>, 'recipient'> {
  const title = newIssueTitle(input);
  const series = oneLine(input.volumeName);
  const price = formatDollars(centsToDollars(input.priceCents));
  const subject = `New issue: ${title}`;

  const text = [
    `Hello ${input.followerName},`,
    '',
    `A new issue of ${series}, a series you follow, is out:`,
    '',
    `  ${title}   ${price}`,
    '',
    `See it in the shop: ${input.issueUrl}`,
    '',
    `You get this e-mail because you follow ${series}. To stop e-mails about its new issues, unsubscribe (no sign-in needed): ${input.unsubscribeUrl}`,
    "You keep following it: its new issues still show under 'New for you' on your shelf.",
    '',
    SHOP_NAME,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#212529">
<p>Hello ${escapeHtml(input.followerName)},</p>
<p>A new issue of ${escapeHtml(series)}, a series you follow, is out:</p>
<p><strong>${escapeHtml(title)}</strong> &nbsp; ${price}</p>
<p><a href="${escapeHtml(input.issueUrl)}">See it in the shop</a></p>
<p style="font-size:0.875em;color:#6c757d">You get this e-mail because you follow ${escapeHtml(series)}. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a> from e-mails about its new issues (no sign-in needed). You keep following it: its new issues still show under 'New for you' on your shelf.</p>
<p>${SHOP_NAME}</p>
</body>
</html>
`;

  return { subject, textBody: text, htmlBody: html, orderId: null };
}
