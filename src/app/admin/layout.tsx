import type { Metadata } from 'next';
import { currentStaff } from '@/lib/auth/page-guard.server';
import { StaffShell } from '@/features/staff/StaffShell';

export const metadata: Metadata = { robots: { index: false, follow: false, nocache: true } };
export const dynamic = 'force-dynamic';

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const staff = await currentStaff();
  return <StaffShell staff={staff}>{children}</StaffShell>;
}
