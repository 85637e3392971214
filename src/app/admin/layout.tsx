import type { Metadata } from 'next';
import { currentStaff } from '@/modules/staff/ui.server';
import { StaffShell } from '@/modules/staff/ui';
import { STAFF_APP } from '@/modules/staff';

// The staff app's manifest: installable from any staff page (docs/decisions/0361-staff-app-scope-and-files.md).
export const metadata: Metadata = { robots: { index: false, follow: false, nocache: true }, manifest: STAFF_APP.manifest };
export const dynamic = 'force-dynamic';

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const staff = await currentStaff();
  return <StaffShell staff={staff}>{children}</StaffShell>;
}
