'use client';

import type { ReactNode } from 'react';
import { Modal } from './Modal';

/** A short centred message with an icon, dismissed by a click anywhere (Coming Soon, confirmation). */
export function NoticeDialog({
  open,
  onClose,
  title,
  icon,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      dismissOnAnyClick
      panelClassName="px-8 pt-10 pb-8 text-center"
      titleClassName="font-display text-2xl text-forest-900 sm:text-3xl"
      header={
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-800">{icon}</div>
      }
    >
      {children}
    </Modal>
  );
}
