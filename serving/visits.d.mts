import type { IncomingMessage, ServerResponse } from 'node:http';

export interface VisitNote {
  url: string;
  host: string;
  referer: string;
  userAgent: string;
  forwardedFor: string;
  count: number;
  /** When the first of them was answered (ms since 1970). */
  at: number;
}
export declare const MAX_NOTES: number;
export declare function startCounting(on?: boolean): void;
export declare function noteVisit(req: IncomingMessage, res: ServerResponse): void;
export declare function takeVisits(): { notes: VisitNote[]; dropped: number };
