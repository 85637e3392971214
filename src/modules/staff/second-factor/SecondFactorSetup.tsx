import { STAFF_COPY } from '@/content/staff';
import type { Enrolment } from './second-factor.server';

const copy = STAFF_COPY.enrol;

/** The pending secret: its QR code (an SVG made on the server) and the key to type by hand, in groups of four. */
export function SecondFactorSetup({ enrolment }: { enrolment: Pick<Enrolment, 'secret' | 'qrDataUrl'> }) {
  return (
    <div className="space-y-4 text-left">
      <p>{copy.scan}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made per request, nothing for the image optimiser */}
      <img src={enrolment.qrDataUrl} alt={copy.qrAlt} width={220} height={220} className="mx-auto rounded-lg bg-white" />
      <p className="text-sm text-ink-soft">{copy.manual}</p>
      <p className="break-all text-center font-mono text-base tracking-wider" data-testid="totp-secret">
        {enrolment.secret.match(/.{1,4}/g)?.join(' ')}
      </p>
    </div>
  );
}
