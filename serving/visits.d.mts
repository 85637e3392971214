import type { IncomingMessage, ServerResponse } from 'node:http';
import type { VisitNote } from '../src/lib/server-hand-over.mjs';

export type { VisitNote };
export declare const MAX_NOTES: number;
export declare function startCounting(on?: boolean): void;
export declare function noteVisit(req: IncomingMessage, res: ServerResponse): void;
export declare function takeVisits(): { notes: VisitNote[]; dropped: number };
export declare function isPageRequest(req: IncomingMessage): boolean;
