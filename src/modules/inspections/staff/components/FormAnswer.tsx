/** The sentence of the page's last form posted without scripts: done (a status) or refused (an alert). */
export function FormAnswer({ error, notice }: { error?: string; notice?: string }) {
  if (error)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
        {error}
      </p>
    );
  if (notice)
    return (
      <p role="status" className="rounded-xl border border-forest-700/20 bg-forest-100 px-4 py-3 text-sm font-medium text-forest-900">
        {notice}
      </p>
    );
  return null;
}
