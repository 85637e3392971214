import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { DOCUMENTS_COPY } from '@/content/documents';
import { getDatabase } from '@/lib/db/client';
import { checkPageOf } from '@/modules/documents/server';
import { CheckCard } from '@/modules/documents/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: DOCUMENTS_COPY.check.title,
  description: DOCUMENTS_COPY.check.description,
  robots: { index: false, follow: false },
};

/** GET /check?number=&code=: is a receipt or letter ours (docs/decisions/0419-documents-and-checks.md). */
export default async function CheckPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const database = await getDatabase();
  // The client's address for the per-client limit, as a route handler reads it (X-Forwarded-For from the socket).
  const request = new Request('http://localhost/check', { headers: await headers() });
  const view = await checkPageOf(database.db, () => database.jobs(), request, { number: query.number, code: query.code });
  return <CheckCard view={view} />;
}
