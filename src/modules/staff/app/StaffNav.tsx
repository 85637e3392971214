'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

export interface StaffNavLink {
  href: string;
  label: string;
}

/** The section a path belongs to: its own link, or the inbox for a lead's page (/admin/leads/…). */
function isCurrent(href: string, pathname: string): boolean {
  if (href === '/admin') return pathname === '/admin' || pathname.startsWith('/admin/leads/');
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The staff sections, the one on screen marked for the eye (filled) and for screen readers (aria-current). */
export function StaffNav({ links, label }: { links: StaffNavLink[]; label: string }) {
  const pathname = usePathname();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links scroll sideways: the current one (e.g. System, the last owner link) is brought into view by
  // scrolling the list alone, never the page.
  useEffect(() => {
    const current = list.current?.querySelector('[aria-current="page"]');
    if (!list.current || !current) return;
    const beyond = current.getBoundingClientRect().right - list.current.getBoundingClientRect().right;
    if (beyond > 0) list.current.scrollLeft += beyond + 8;
  }, [pathname]);
  return (
    <nav aria-label={label} className="order-3 w-full sm:order-none sm:w-auto">
      <ul ref={list} className="-mx-1 flex gap-1 overflow-x-auto px-1">
        {links.map((link) => {
          const current = isCurrent(link.href, pathname);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap ${
                  current ? 'bg-ivory-50 text-forest-900' : 'text-ivory-100 hover:bg-forest-800'
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
