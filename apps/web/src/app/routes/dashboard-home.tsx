// /dashboard/admin (docs/product.md §2 Admin screens, Dashboard): the static stat cards, hard-coded as the
// spec says, and the 'Recent Orders' heading. The live admin screens come with the admin work.
import type { ReactNode } from 'react';
import { BsCartCheck, BsCurrencyDollar, BsPeople, BsPersonPlus } from 'react-icons/bs';

import { useDocumentTitle } from '@/lib/use-document-title';

const stats: { label: string; value: string; icon: ReactNode; tone: string }[] = [
  { label: 'Daily Users', value: '1,500', icon: <BsPeople />, tone: 'primary' },
  { label: 'Users Register', value: '80', icon: <BsPersonPlus />, tone: 'success' },
  { label: 'Comics Selling', value: '203', icon: <BsCartCheck />, tone: 'info' },
  { label: 'Earning', value: '$5,452', icon: <BsCurrencyDollar />, tone: 'warning' },
];

export function DashboardHomeRoute() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <h1 className="section-title mb-4">Dashboard</h1>
      <ul className="row g-3 list-unstyled mb-5" aria-label="Shop figures">
        {stats.map((stat) => (
          <li key={stat.label} className="col-sm-6 col-xxl-3">
            <div className="stat-card card border-0 h-100">
              <div className="card-body d-flex align-items-center gap-3">
                <span className={`stat-icon bg-${stat.tone}-subtle text-${stat.tone}-emphasis`} aria-hidden="true">
                  {stat.icon}
                </span>
                <div>
                  <p className="stat-value mb-0">{stat.value}</p>
                  <p className="stat-label mb-0 text-body-secondary">{stat.label}</p>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <h2 className="section-title h4">Recent Orders</h2>
      <p className="text-body-secondary">No orders to show yet.</p>
    </>
  );
}
