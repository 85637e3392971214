/** The brand mark: a plot grid inside a brass ring. Decorative; the brand name is always beside it. */
export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#12302a" stroke="#c9a66b" strokeWidth="1.5" />
      <path d="M9 21.5V11l7 6 7-6v10.5" fill="none" stroke="#dcc393" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
