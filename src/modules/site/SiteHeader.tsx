'use client';

import { useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { NAV_COPY, NAV_ITEMS } from '@/content/navigation';
import { SubmitInterestButton } from '@/modules/leads/ui';
import { Modal } from '@/components/ui/Modal';
import { ComingSoonDialog } from '@/components/ComingSoonDialog';
import { BrandMark } from '@/components/BrandMark';
import { MenuIcon } from '@/components/icons';

/** Pixels of scroll after which the navigation bar turns solid (spec §2, §9). */
export const SCROLL_THRESHOLD = 10;

export interface DistrictLink {
  label: string;
  href: string;
}

/**
 * The site's bar: the spec's five items, then the two districts (issue 14), Submit Interest, and the side menu on
 * smaller screens. `districtLinks` come from the server so no district copy ships to the browser.
 */
export function SiteHeader({ brand, districtLinks }: { brand: string; districtLinks: DistrictLink[] }) {
  const pathname = usePathname();
  // Pages that open on a dark hero (home, districts): there the bar starts transparent with light text.
  const onDarkHero = pathname === '/' || districtLinks.some((link) => link.href === pathname);
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [comingSoon, setComingSoon] = useState<string | null>(null);
  const solid = scrolled || !onDarkHero;

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const navLinks = (inMenu: boolean) =>
    [...NAV_ITEMS, ...districtLinks].map((item) => {
      const base = inMenu
        ? 'flex w-full items-center rounded-xl px-4 py-3 text-left text-lg text-forest-900 hover:bg-forest-900/5'
        : 'inline-block rounded-full px-3.5 py-2 text-sm leading-5 font-medium transition-colors hover:bg-current/10';
      return (
        <li key={item.label}>
          {'href' in item ? (
            <a
              href={item.href}
              className={base}
              aria-current={pathname === item.href ? 'page' : undefined}
              onClick={() => setMenuOpen(false)}
            >
              {item.label}
            </a>
          ) : (
            <button
              type="button"
              className={base}
              aria-haspopup="dialog"
              onClick={() => {
                setMenuOpen(false);
                setComingSoon(item.label);
              }}
            >
              {item.label}
            </button>
          )}
        </li>
      );
    });

  return (
    <>
      <header
        data-scrolled={scrolled}
        className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,color] duration-300 ${
          solid
            ? 'bg-ivory-50/95 text-forest-900 shadow-[0_1px_0_rgba(18,48,42,0.08),0_8px_24px_-12px_rgba(18,48,42,0.25)]'
            : 'bg-transparent text-ivory-50'
        }`}
      >
        <div className="container-page flex h-16 items-center justify-between gap-4 sm:h-20">
          <a href="/" className="flex items-center gap-2.5" aria-label={NAV_COPY.homeLinkLabel(brand)}>
            <BrandMark className="size-8" />
            <span className="font-display text-lg tracking-tight">{brand}</span>
          </a>
          <nav aria-label={NAV_COPY.primaryLabel} className="hidden lg:block">
            <ul className="flex items-center gap-1">{navLinks(false)}</ul>
          </nav>
          <div className="flex items-center gap-2">
            <SubmitInterestButton className={`hidden sm:inline-flex ${solid ? 'btn-primary' : 'btn-brass'}`}>
              {NAV_COPY.submitInterest}
            </SubmitInterestButton>
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-current/10 lg:hidden"
              aria-label={NAV_COPY.openMenu}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon className="size-6" />
            </button>
          </div>
        </div>
      </header>

      <Modal
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title={NAV_COPY.menuTitle}
        placement="right"
        closeLabel={NAV_COPY.closeMenu}
        panelClassName="flex flex-col px-5 pt-6 pb-8"
        titleClassName="px-4 pt-1 font-display text-2xl text-forest-900"
      >
        <nav aria-label={NAV_COPY.primaryLabel} className="mt-6">
          <ul className="flex flex-col gap-1">{navLinks(true)}</ul>
        </nav>
        <div className="mt-auto px-4 pt-8">
          <SubmitInterestButton className="btn-primary w-full" onClick={() => setMenuOpen(false)}>
            {NAV_COPY.submitInterest}
          </SubmitInterestButton>
        </div>
      </Modal>

      <ComingSoonDialog open={comingSoon !== null} onClose={() => setComingSoon(null)} feature={comingSoon ?? ''} />
    </>
  );
}
