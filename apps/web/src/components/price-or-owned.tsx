// An issue's price, or 'Owned' once the customer has bought it (its card and its window).
import { formatDollars } from '@comics/shared/money';

import { BsCheckCircleFill } from '@/components/shop-icons';

type PriceOrOwnedProps = { price: number; owned: boolean; priceClassName: string; ownedClassName?: string };

export function PriceOrOwned({ price, owned, priceClassName, ownedClassName = '' }: PriceOrOwnedProps) {
  if (!owned) return <span className={priceClassName}>{formatDollars(price)}</span>;
  return (
    <span className={`owned-badge d-inline-flex align-items-center gap-1 ${ownedClassName}`}>
      <BsCheckCircleFill aria-hidden="true" />
      Owned
    </span>
  );
}
