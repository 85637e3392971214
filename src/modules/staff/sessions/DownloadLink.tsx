'use client';

import { useState, type MouseEvent, type ReactNode } from 'react';
import { request } from '@/lib/browser/request';
import { REAUTH_API } from '@/lib/constants';

/**
 * A download that needs the password typed recently (docs/decisions/0345-fresh-password-for-bulk-and-irreversible.md).
 * A press asks the server whether the password is recent (GET REAUTH_API): when it is not, the request helper's
 * ReauthDialog asks for it, as before any sensitive change. Then the browser downloads the file itself, streamed and
 * named by its Content-Disposition. The link's own address is the download's page: followed without scripts (or into
 * a new tab) it asks for the password on a page of its own and then downloads.
 */
export function DownloadLink({
  download,
  search = '',
  className,
  children,
}: {
  download: { file: string; page: string };
  /** The query of both addresses: '' or '?…'. */
  search?: string;
  className?: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window, or a press already being handled: the page does it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const recent = await request({ method: 'GET', url: REAUTH_API, finish: () => setBusy(false) });
    if (!recent) return;
    const link = document.createElement('a');
    link.href = `${download.file}${search}`;
    link.download = '';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  }
  return (
    <a href={`${download.page}${search}`} className={className} onClick={onClick} aria-busy={busy || undefined}>
      {children}
    </a>
  );
}
