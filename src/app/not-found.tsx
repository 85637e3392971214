import type { Metadata } from 'next';
import { SiteChrome } from '@/modules/site/ui.server';
import { NOT_FOUND_COPY } from '@/content/legal';

export const metadata: Metadata = { title: NOT_FOUND_COPY.title, robots: { index: false } };

export default function NotFound() {
  return (
    <SiteChrome>
      <section className="bg-forest-900 pt-36 pb-28 text-ivory-50 sm:pt-44">
        <div className="container-page max-w-2xl">
          <p className="font-display text-7xl text-brass-300">404</p>
          <h1 className="mt-4 text-4xl text-ivory-50 sm:text-5xl">{NOT_FOUND_COPY.heading}</h1>
          <p className="mt-5 text-lg text-ivory-100/85">{NOT_FOUND_COPY.text}</p>
          <a href="/" className="btn-brass mt-10">
            {NOT_FOUND_COPY.home}
          </a>
        </div>
      </section>
    </SiteChrome>
  );
}
