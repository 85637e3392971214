import type { Metadata } from 'next';
import { STAFF_APP } from '@/modules/staff';
import { StaffWorker } from '@/modules/staff/ui';

// The sign-in pages offer the staff app too (its manifest and worker), so a phone can install it before signing in
// (docs/decisions/0361-staff-app-scope-and-files.md).
export const metadata: Metadata = { manifest: STAFF_APP.manifest };

export default function RegistrationLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <StaffWorker />
    </>
  );
}
