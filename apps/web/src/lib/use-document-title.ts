// Sets the page title for a route: "<page> · Comics Shop".
import { useEffect } from 'react';

export const SHOP_NAME = 'Comics Shop';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
  }, [title]);
}
