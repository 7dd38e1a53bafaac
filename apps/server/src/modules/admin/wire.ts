// The administrators' wire shapes (the spec's `rol`, dollars, ISO times), made from the admin
// repository's rows here and nowhere else; only the admin service and routes use it.
import { centsToDollars } from '@comics/shared/money';
import type { AdminOrder, AdminOrderDetail, AdminUser } from '@comics/shared/schemas/admin';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type { AccountRow, OrderEmailRow, OrderLineRow, OrderRow } from './repository';

export function adminUserOf(account: AccountRow): AdminUser {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    rol: account.role,
    active: account.active,
  };
}

export function adminOrderOf(order: OrderRow): AdminOrder {
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    status: order.status,
    buyer: { id: order.buyerId, email: order.buyerEmail, username: order.buyerUsername },
    issues: order.issueCount,
    total: centsToDollars(order.totalCents),
    // A card is known once the gateway described it; funding may be missing (an older gateway answer).
    card:
      order.cardBrand && order.cardLast4
        ? { brand: order.cardBrand, last4: order.cardLast4, funding: order.cardFunding ?? 'unknown' }
        : null,
    failureMessage: order.failureMessage,
    takenBackAt: order.takenBackAt?.toISOString() ?? null,
  };
}

export function adminOrderDetailOf(
  order: OrderRow,
  lines: OrderLineRow[],
  emails: OrderEmailRow[],
  media: MediaAddresses,
): AdminOrderDetail {
  return {
    ...adminOrderOf(order),
    lines: lines.map((line) => ({
      id: line.id,
      image: media.addressOf(line.image),
      volume_name: line.volumeName,
      name: line.name,
      issue_number: line.issueNumber,
      price: centsToDollars(line.priceCents),
    })),
    emails: emails.map((email) => ({
      status: email.status,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
      attempts: email.attempts,
    })),
  };
}
