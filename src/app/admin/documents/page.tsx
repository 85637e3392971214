import type { Metadata } from 'next';
import { DOCUMENTS_COPY } from '@/content/documents';
import { getDatabase } from '@/lib/db/client';
import { documentsPage } from '@/modules/documents/server';
import { StaffDocumentsBoard } from '@/modules/documents/ui';
import { formAnswer } from '@/modules/inspections/server';
import { FormAnswer } from '@/modules/inspections/ui';
import { currentStaff } from '@/modules/staff/ui.server';

export const metadata: Metadata = { title: DOCUMENTS_COPY.staff.title };

/** /admin/documents?district=<slug>: buyers' document stages, due, late and done (docs/decisions/0419). */
export default async function DocumentsAdminPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await currentStaff();
  const copy = DOCUMENTS_COPY.staff;
  // A buyer's documents are the owners' to see, as their money is (docs/decisions/0388, 0414).
  if (staff.role !== 'owner')
    return (
      <div className="space-y-4">
        <h1 className="text-3xl sm:text-4xl">{copy.title}</h1>
        <p className="text-ink-soft">{copy.ownersOnly}</p>
      </div>
    );
  const { db } = await getDatabase();
  const [page, answer] = await Promise.all([documentsPage(db, (await searchParams).district), formAnswer()]);
  return (
    <div className="space-y-6 sm:space-y-8">
      <div>
        <h1 className="text-3xl sm:text-4xl">
          {copy.title}
          <span className="block text-lg font-normal text-ink-soft sm:inline sm:before:content-['_·_']">{page.district.name}</span>
        </h1>
        <p className="mt-2 max-w-2xl text-ink-soft">{copy.intro}</p>
      </div>
      <FormAnswer {...answer} />
      <StaffDocumentsBoard page={page} />
    </div>
  );
}
