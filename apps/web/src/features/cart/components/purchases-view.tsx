// 'My comics' (docs/product.md §2 Purchases): a table with Purchase Detail (the cover, 120px wide,
// and the name), '#Issue number', 'Format' (always 'Digital') and 'Price' (the price paid, $ with
// 2 decimals). Each row leads to the reader (issue 13): 'Read', or 'Continue (page N of M)' where the
// user stopped, which the page supplies (`readingProgress`). Nothing bought yet: a way to the
// catalogue.
import { COMIC_FORMAT, TABLE_IMAGE_WIDTH_PX } from '@comics/shared/constants';
import { formatDollars } from '@comics/shared/money';
import { Link } from 'react-router';

import { BsCollection } from '@/components/shop-icons';
import { CoverImage } from '@/components/cover-image';
import { IssueTitle } from '@/components/issue-title';
import { ErrorState } from '@/components/error-state';
import { PageSpinner } from '@/components/list-states';
import { ReaderLink, type ProgressLookup } from '@/components/reader-link';
import { paths } from '@/config/paths';

import { usePurchases } from '../api/get-purchases';

type PurchasesViewProps = {
  userId: number;
  /** Where the user stopped in each issue; without it every row says 'Read'. */
  readingProgress?: ProgressLookup | undefined;
};

export function PurchasesView({ userId, readingProgress }: PurchasesViewProps) {
  const purchases = usePurchases(userId);

  return (
    <>
      <h1 className="section-title mb-4">My comics</h1>
      {purchases.isPending ? (
        <PageSpinner label="Loading your comics" />
      ) : purchases.isError ? (
        <ErrorState
          title="Your comics could not be loaded"
          error={purchases.error}
          onRetry={() => purchases.refetch()}
        />
      ) : purchases.data.length === 0 ? (
        <div className="empty-state text-center py-5">
          <BsCollection aria-hidden="true" className="empty-state-icon mb-3" />
          <p className="h4 fw-bold mb-2">You have not bought any comics yet</p>
          <p className="text-body-secondary mb-4">The issues you pay for show up here.</p>
          <Link to={paths.user.home.getHref()} className="btn btn-primary btn-lg px-4">
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle purchases-table stack-on-phone">
            <caption className="visually-hidden">My comics</caption>
            <thead>
              <tr>
                <th scope="col">Purchase Detail</th>
                <th scope="col">#Issue number</th>
                <th scope="col">Format</th>
                <th scope="col" className="text-end">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {purchases.data.map((item) => (
                <tr key={`${item.orderId}-${item.id}`}>
                  <td className="stack-wide">
                    <div className="d-flex align-items-center gap-3">
                      <div className="flex-shrink-0" style={{ width: TABLE_IMAGE_WIDTH_PX }}>
                        <CoverImage src={item.image} alt="" className="table-cover" />
                      </div>
                      <div className="d-flex flex-column align-items-start gap-2">
                        <IssueTitle issue={item} />
                        <ReaderLink issueId={item.id} progress={readingProgress?.(item.id)} />
                      </div>
                    </div>
                  </td>
                  <td className="text-nowrap stack-hide">#{item.issue_number}</td>
                  <td className="stack-meta">{COMIC_FORMAT}</td>
                  <td className="text-end fw-bold text-nowrap stack-price">{formatDollars(item.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
