'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { INTEREST_COPY } from '@/content/interest';
import { notifyInfo, notifySuccess } from '@/lib/browser/toast';
import { addCampaignToWhatsAppLinks } from './whatsapp-campaign';
import { captureAttribution } from './attribution';
import { InterestDialog } from './InterestDialog';
import { ConfirmationPanel, type NextSteps } from './ConfirmationPanel';
import { SubmittingOverlay } from '@/components/SubmittingOverlay';
import { listPending, newIdempotencyKey } from './pending-submissions';
import { leadFieldValues, type DistrictChoice, type InterestFields } from './fields';
import { sendInterest } from './submit';
import { forgetPopupDismissal, popupDismissedBefore, rememberPopup, subscribePopupMemory } from './popup-memory';

interface InterestContextValue {
  /** Opens the Submit Interest popup, optionally preselecting a district. */
  openInterest: (district?: DistrictChoice) => void;
}

const InterestContext = createContext<InterestContextValue | null>(null);

export function useInterest(): InterestContextValue {
  const value = useContext(InterestContext);
  if (!value) throw new Error('useInterest must be used inside <InterestProvider>');
  return value;
}

/** Owns the popup, the sending overlay and the confirmation panel for every page. */
/**
 * `districts`: the form's district choices (the first is its default); `nextSteps`: what the confirmation offers after
 * a submission for each district.
 */
export function InterestProvider({
  districts,
  nextSteps,
  children,
}: {
  districts: readonly DistrictChoice[];
  nextSteps: NextSteps;
  children: ReactNode;
}) {
  const pathname = usePathname();
  // The popup is open on the first load of the home page (spec §2), so the server renders it open.
  const [openOnLoad] = useState(() => pathname === '/');
  const [open, setOpen] = useState(openOnLoad);
  // A returning visitor who closed the popup lately, or submitted, does not get it again (popup-memory.ts); the
  // server cannot know, so hydration starts from "not dismissed" and the browser's answer follows at once.
  const dismissedBefore = useSyncExternalStore(subscribePopupMemory, popupDismissedBefore, () => false);
  const [fields, setFields] = useState<InterestFields>(() => leadFieldValues({}, districts));
  const [submitting, setSubmitting] = useState(false);
  /** The district of the submission just accepted, and its booking link, while its confirmation shows. */
  const [confirmed, setConfirmed] = useState<{ district: DistrictChoice; bookingHref?: string } | null>(null);
  const formKey = useRef<string | null>(null);
  const formStartedAt = useRef<number>(0);
  const resending = useRef(false);

  const startForm = useCallback(() => {
    formKey.current ??= newIdempotencyKey();
    if (!formStartedAt.current) formStartedAt.current = Date.now();
  }, []);

  // After a lead is accepted the popup closes and the next form starts empty with a new key.
  const resetForm = useCallback(() => {
    setOpen(false);
    // The district stays as chosen (one of the list): the next lead is most likely about the same one.
    setFields((current) => leadFieldValues({}, [current.district]));
    formKey.current = null;
    formStartedAt.current = 0;
  }, []);

  useEffect(() => {
    captureAttribution();
    if (open && !popupDismissedBefore()) startForm();
    // Only on mount: the home page's popup opens with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => addCampaignToWhatsAppLinks(), []);

  const openInterest = useCallback(
    (district?: DistrictChoice) => {
      if (district) setFields((current) => (current.fullname || current.email || current.phonenumber ? current : { ...current, district }));
      forgetPopupDismissal();
      startForm();
      setOpen(true);
    },
    [startForm],
  );

  // Submissions saved on a failed network are sent again when the browser is back online or the page opens.
  const resendPending = useCallback(async () => {
    if (resending.current || !navigator.onLine) return;
    resending.current = true;
    try {
      for (const entry of listPending()) {
        const accepted = await sendInterest(entry);
        if (!accepted) break;
        notifySuccess(INTEREST_COPY.successToast);
        if (entry.key === formKey.current) resetForm();
      }
    } finally {
      resending.current = false;
    }
  }, [resetForm]);

  useEffect(() => {
    void resendPending();
    const onOnline = () => void resendPending();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [resendPending]);

  const submit = useCallback(
    async (values: InterestFields, honeypot: string) => {
      startForm();
      const key = formKey.current as string;
      setSubmitting(true);
      const accepted = await sendInterest(
        {
          key,
          savedAt: Date.now(),
          payload: {
            ...values,
            ...captureAttribution(),
            ...(honeypot ? { website: honeypot } : {}),
            form_started_at: formStartedAt.current,
          },
        },
        (outcome) => {
          setSubmitting(false);
          if (outcome === 'unreachable') notifyInfo(INTEREST_COPY.savedOffline);
        },
      );
      if (!accepted) return;
      notifySuccess(INTEREST_COPY.successToast);
      rememberPopup('submitted');
      setConfirmed({ district: values.district, bookingHref: typeof accepted.inspection === 'string' ? accepted.inspection : undefined });
      resetForm();
    },
    [startForm, resetForm],
  );

  const value = useMemo(() => ({ openInterest }), [openInterest]);

  return (
    <InterestContext.Provider value={value}>
      {children}
      <InterestDialog
        open={open && !dismissedBefore}
        openOnLoad={openOnLoad}
        onClose={() => {
          rememberPopup('closed');
          setOpen(false);
        }}
        fields={fields}
        districts={districts}
        onChange={setFields}
        onSubmit={submit}
      />
      <ConfirmationPanel
        step={confirmed && nextSteps[confirmed.district]}
        bookingHref={confirmed?.bookingHref}
        onClose={() => setConfirmed(null)}
      />
      <SubmittingOverlay visible={submitting} message={INTEREST_COPY.submitting} />
    </InterestContext.Provider>
  );
}
