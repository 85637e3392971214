import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/icons';

/** A page that confirms something went through: a check, the heading, what it means, and where to go next. */
export function ConfirmationPage({
  id,
  heading,
  children,
  actions,
}: {
  id: string;
  heading: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="container-page max-w-2xl pt-32 pb-24 text-center sm:pt-40" aria-labelledby={id}>
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-800">
        <CheckIcon className="size-7" />
      </span>
      <h1 id={id} className="mt-6 text-4xl sm:text-5xl">
        {heading}
      </h1>
      {children}
      <div className="mt-10 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}
