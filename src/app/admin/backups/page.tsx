import { redirect } from 'next/navigation';
import { downloadPage } from '@/modules/staff/ui.server';
import { backupDownload } from '@/lib/constants';

/** One backup file, as a link without scripts opens it (`?name=`): the password first when needed (owners; 0385). */
export default async function BackupDownloadPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { name } = await searchParams;
  if (typeof name !== 'string') redirect('/admin/system');
  const download = backupDownload(name);
  return downloadPage({ file: download.file, page: download.page.split('?')[0] }, searchParams, { owner: true });
}
