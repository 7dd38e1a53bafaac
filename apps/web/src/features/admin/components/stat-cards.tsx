// The four figures of the dashboard (docs/product.md §2 Admin screens: Daily Users, Users Register,
// Comics Selling, Earning), from real data. Each card says under its figure over which period it
// counts, and its info button says exactly what it counts (the definitions of adminStats in
// @comics/shared/schemas/admin).
import type { AdminStats } from '@comics/shared/schemas/admin';
import { BsPeople } from 'react-icons/bs';
import type { IconType } from 'react-icons/lib';

import { formatCount } from '@/lib/format';

import { formatMoney, plural } from './admin-format';
import { BsCartCheck, BsCurrencyDollar, BsPersonPlus } from './admin-icons';
import { InfoTip } from './info-tip';

type StatCard = {
  label: string;
  value: string;
  /** The period, shown under the label. */
  period: string;
  /** What exactly is counted, in the info tooltip. */
  definition: string;
  icon: IconType;
  tone: 'primary' | 'success' | 'info' | 'warning';
};

export function statCards(stats: AdminStats): StatCard[] {
  // The server sends one entry per day of the period it counts.
  const days = stats.days.length > 0 ? stats.days.length : 30;
  return [
    {
      label: 'Daily Users',
      value: formatCount(stats.dailyUsers),
      period: 'Last 24 hours',
      definition: 'Different accounts that signed in or used the shop in the last 24 hours.',
      icon: BsPeople,
      tone: 'primary',
    },
    {
      label: 'Users Register',
      value: formatCount(stats.usersRegistered),
      period: `All time · ${formatCount(stats.newUsers)} new in ${days} days`,
      definition: `Every registered account, customers and administrators, active or not; ${plural(stats.newUsers, 'was', 'were')} created in the last ${days} days.`,
      icon: BsPersonPlus,
      tone: 'success',
    },
    {
      label: 'Comics Selling',
      value: formatCount(stats.comicsSelling),
      period: `Last ${days} days`,
      definition: `Issues sold in paid orders over the last ${days} days, today included.`,
      icon: BsCartCheck,
      tone: 'info',
    },
    {
      label: 'Earning',
      value: formatMoney(stats.earning),
      period: `Last ${days} days`,
      definition: `Dollars taken in paid orders over the last ${days} days, today included.`,
      icon: BsCurrencyDollar,
      tone: 'warning',
    },
  ];
}

export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <ul className="row g-3 list-unstyled mb-0" aria-label="Shop figures">
      {statCards(stats).map((stat) => {
        const Icon = stat.icon;
        return (
          <li key={stat.label} className="col-sm-6 col-xxl-3">
            <div className="stat-card card border-0 h-100">
              <div className="card-body d-flex align-items-start gap-3">
                <span className={`stat-icon bg-${stat.tone}-subtle text-${stat.tone}-emphasis`} aria-hidden="true">
                  <Icon />
                </span>
                <div className="stat-text flex-grow-1">
                  <p className="stat-value mb-0">{stat.value}</p>
                  <p className="stat-label mb-0 fw-semibold">{stat.label}</p>
                  <p className="stat-period small mb-0 text-body-secondary">{stat.period}</p>
                </div>
                <InfoTip label={`About ${stat.label}`}>{stat.definition}</InfoTip>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
