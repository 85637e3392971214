import { describe, expect, it } from 'vitest';
import { isStartMessage, isStopMessage, replyWindow } from './conversations.server';

describe('a conversation by WhatsApp and SMS', () => {
  it('takes STOP and its usual variants, whatever their case or punctuation, and nothing that merely contains it', () => {
    for (const said of ['STOP', 'stop', ' Stop. ', 'stop!', 'STOP ALL', 'Unsubscribe', 'opt-out', 'Opt out', 'QUIT', 'end'])
      expect(isStopMessage(said), said).toBe(true);
    for (const said of ['Please do not stop calling', 'stopped by the office', 'When does the bus stop at Lugbe?', 'ending', ''])
      expect(isStopMessage(said), said).toBe(false);
  });

  it('takes START and its variants as undoing a STOP, and nothing that merely contains it', () => {
    for (const said of ['START', 'start', ' Start. ', 'unstop', 'Resume'])
      expect([isStartMessage(said), isStopMessage(said)], said).toEqual([true, false]);
    for (const said of ['When do we start?', 'started', 'STOP', '']) expect(isStartMessage(said), said).toBe(false);
  });

  it('opens the 24-hour window at the buyer’s last message and closes it a day later', () => {
    const last = new Date('2026-11-27T10:00:00Z');
    expect(replyWindow(undefined, last)).toEqual({ open: false });
    expect(replyWindow(last, new Date('2026-11-28T09:59:00Z'))).toEqual({ open: true, closesAt: new Date('2026-11-28T10:00:00Z') });
    expect(replyWindow(last, new Date('2026-11-28T10:00:00Z')).open).toBe(false);
  });
});
