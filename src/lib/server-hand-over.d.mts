/** A page request the server answered, as serving/visits.mjs noted it; `count` of them alike. */
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

export interface NotedVisits {
  notes: VisitNote[];
  dropped: number;
}

export declare const SOCKET_HOP_MARKER: string;
export declare function handOverWritesWaiting(count: () => number): void;
export declare function handOverVisitorWrites(count: () => number): void;
export declare function handOverVisits(take: () => NotedVisits): void;
export declare function visitorWritesUnanswered(): number;
export declare function takeNotedVisits(): NotedVisits;
export declare function afterTheRush(maxMs: number): Promise<void>;
export declare function localOrigin(host: string | undefined, port: number | string): string;
