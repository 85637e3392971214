import { PLOTS_COPY } from '@/content/plots';

/** The lead history's line for a plot's action (the actor's name comes first); undefined for any other action. */
export function describePlotAction(action: string, detail: unknown): string | undefined {
  const d = (detail ?? {}) as { plot?: string; reason?: string };
  if (!(action in PLOTS_COPY.history)) return undefined;
  const line = PLOTS_COPY.history[action as keyof typeof PLOTS_COPY.history](d.plot ?? '?');
  return d.reason ? `${line}: ${d.reason}` : line;
}
