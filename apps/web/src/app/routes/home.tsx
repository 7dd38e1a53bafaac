// The home catalogue (docs/product.md §2), at /home, /user/home and /admin.
import { HomeCarousel } from '@/features/catalog/components/home-carousel';
import { Catalog } from '@/features/catalog/components/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useArea } from '../use-area';

export function HomeRoute() {
  useDocumentTitle('Home');
  const area = useArea();
  return (
    <div className="container-xxl py-3 py-md-4">
      <h1 className="visually-hidden">Comics catalogue</h1>
      <HomeCarousel area={area} />
      <Catalog area={area} />
    </div>
  );
}
