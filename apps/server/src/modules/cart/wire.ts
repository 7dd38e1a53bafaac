// The spec's wire shapes of cart lines and purchases (snake_case `issue_number`, prices in
// dollars), made from the repository's rows here and nowhere else. The image is the issue's
// cover, at the same address the catalogue answers.
import { centsToDollars } from '@comics/shared/money';
import type { CartItem, PurchaseItem } from '@comics/shared/schemas/shop';
import type { MediaAddresses } from '../../platform/http/media-addresses';
import type { CartLineRow, PurchaseRow } from './repository';

export function cartItemOf(line: CartLineRow, media: MediaAddresses): CartItem {
  return {
    id: line.id,
    volume_id: line.volumeId,
    volume_name: line.volumeName,
    image: media.addressOf(line.image),
    name: line.name,
    issue_number: line.issueNumber,
    price: centsToDollars(line.priceCents),
  };
}

export function purchaseItemOf(purchase: PurchaseRow, media: MediaAddresses): PurchaseItem {
  return {
    ...cartItemOf(purchase, media),
    orderId: purchase.orderId,
    purchasedAt: purchase.purchasedAt.toISOString(),
  };
}
