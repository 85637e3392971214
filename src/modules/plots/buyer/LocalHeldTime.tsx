import { LocalTime } from '@/components/LocalTime';

/** The hold's end in the visitor's own zone (a buyer abroad), when it is not Lagos's; Lagos time without scripts. */
export function LocalHeldTime({ at, template }: { at: string; template: string }) {
  return <LocalTime at={at} template={template} long className="mt-2 block text-ivory-100/85" />;
}
