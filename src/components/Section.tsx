import type { ReactNode } from 'react';

/** A page section named by its visible heading (screen readers list it as a region). */
export function Section({
  id,
  eyebrow,
  heading,
  intro,
  children,
  className = '',
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-24 py-20 sm:py-28 ${className}`}>
      <div className="container-page">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h2 id={`${id}-heading`} className="mt-3 max-w-3xl text-3xl leading-tight sm:text-4xl">
          {heading}
        </h2>
        {intro && <p className="mt-4 max-w-2xl text-base leading-relaxed text-ink-soft">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
