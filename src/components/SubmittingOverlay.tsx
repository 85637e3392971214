/** Full-screen sending overlay with a spinner and a message (spec §2, §4). */
export function SubmittingOverlay({ visible, message }: { visible: boolean; message: string }) {
  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-5 bg-forest-950/75 text-ivory-50 backdrop-blur-sm"
      role="status"
      aria-live="assertive"
    >
      <span className="size-12 animate-spin rounded-full border-[3px] border-ivory-50/25 border-t-brass-400" aria-hidden="true" />
      <p className="font-display text-xl">{message}</p>
    </div>
  );
}
