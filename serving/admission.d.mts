import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function admitWrites(limit: number): (req: IncomingMessage, res: ServerResponse, handle: () => void) => void;
