/** The ten recovery codes, two columns (the client's RecoveryCodes and the page of a native post share it). */
export function RecoveryCodeList({ codes, className = '' }: { codes: string[]; className?: string }) {
  return (
    <ol className={`grid grid-cols-2 gap-2 font-mono text-sm sm:text-base ${className}`} data-testid="recovery-codes">
      {codes.map((code) => (
        <li key={code} className="rounded-lg bg-ivory-100 px-2 py-2 text-center sm:px-3">
          {code}
        </li>
      ))}
    </ol>
  );
}
