import Link from 'next/link';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/BrandMark';
import { INSPECTIONS_STAFF_COPY } from '@/content/inspections-staff';
import { PLOTS_STAFF_COPY } from '@/content/plots-staff';
import { PAYMENT_STAFF_COPY } from '@/content/payments';
import { DOCUMENTS_COPY } from '@/content/documents';
import { DASHBOARD_COPY } from '@/content/sales-insight';
import { STAFF_COPY } from '@/content/staff';
import { ReauthDialog } from '../sessions/ReauthDialog';
import { SessionKeys } from '../sessions/SessionKeys';
import { SignOutButton } from '../sessions/SignOutButton';
import { StaffNav } from './StaffNav';
import { StaffWorker } from './StaffWorker';

const nav = STAFF_COPY.nav;

/** The frame of every /admin page: brand, section links (owner links for owners), who is signed in, sign-out. */
export function StaffShell({ staff, children }: { staff: { email: string; name: string; role: string }; children: ReactNode }) {
  const links = [
    { href: '/admin', label: nav.inbox },
    { href: '/admin/dashboard', label: DASHBOARD_COPY.nav },
    { href: '/admin/inspections', label: INSPECTIONS_STAFF_COPY.nav },
    { href: '/admin/plots', label: PLOTS_STAFF_COPY.nav },
    ...(staff.role === 'owner'
      ? [
          { href: '/admin/payments', label: PAYMENT_STAFF_COPY.title },
          { href: '/admin/documents', label: DOCUMENTS_COPY.staff.title },
          { href: '/admin/staff', label: nav.staff },
          { href: '/admin/privacy', label: nav.privacy },
          { href: '/admin/system', label: nav.system },
        ]
      : []),
    { href: '/admin/account', label: nav.account },
  ];
  return (
    <div className="min-h-[100svh] bg-ivory-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-ivory-50 focus:px-4 focus:py-2"
      >
        {nav.skip}
      </a>
      <header className="bg-forest-900 text-ivory-50">
        <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-3 py-4">
          <Link href="/admin" className="flex items-center gap-3">
            <BrandMark className="size-9" />
            <span className="font-display text-lg">{nav.brand}</span>
          </Link>
          <StaffNav links={links} label={nav.label} />
          <div className="ml-auto flex items-center gap-3 text-sm">
            {/* Beside Sign out the name speaks for itself; kept short so the header stays one row on desktops. */}
            <span className="hidden text-ivory-200 md:inline">
              <span className="sr-only">{nav.signedInAs} </span>
              <span className="inline-block max-w-44 truncate align-bottom font-medium text-ivory-50" title={staff.email} dir="auto">
                {staff.name.trim() || staff.email}
              </span>
            </span>
            <SignOutButton className="btn-outline-light min-h-10 px-4" />
          </div>
        </div>
      </header>
      <main id="main" className="container-page py-8 sm:py-10">
        {children}
      </main>
      <ReauthDialog />
      <SessionKeys email={staff.email} />
      <StaffWorker />
    </div>
  );
}
