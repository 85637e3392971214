import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function prerenderedPages(etags: Map<string, string>): {
  serve(req: IncomingMessage, res: ServerResponse, passOn: () => void): void;
};
