import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { STAFF_COPY } from '@/content/staff';
import { staffNextPath } from '@/lib/constants';
import { AuthCard } from '@/modules/staff/ui';
import { recoveryCodesForPage } from '@/modules/staff/server';
import { RecoveryCodeList } from '@/modules/staff/ui';

export const metadata: Metadata = { title: STAFF_COPY.enrol.codesHeading, robots: { index: false, follow: false } };
// Per request: it reads the cookie the enrolment's native post set.
export const dynamic = 'force-dynamic';

const copy = STAFF_COPY.enrol;

/**
 * The recovery codes of an enrolment posted before the page's script ran (form-post.server.ts), then on into the
 * staff area. Once the minute has passed there is nothing to show: straight on.
 */
export default async function EnrolCodesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = (await searchParams).next;
  const onward = staffNextPath(typeof next === 'string' ? next : null);
  const codes = await recoveryCodesForPage();
  if (!codes) redirect(onward);
  return (
    <AuthCard heading={copy.codesHeading} intro={<p>{copy.codesIntro}</p>}>
      <RecoveryCodeList codes={codes} className="mt-8" />
      <a href={onward} className="btn-primary mt-6 w-full">
        {copy.continue}
      </a>
    </AuthCard>
  );
}
