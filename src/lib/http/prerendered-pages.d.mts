import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function prerenderedPages(etags: Map<string, string>): {
  answer(req: IncomingMessage, res: ServerResponse): boolean;
};
