import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers with which Next.js's router asks for something other than a page's HTML. */
export declare const NOT_THE_PAGE: readonly string[];

export declare function prerenderedPages(etags: Map<string, string>): {
  serve(req: IncomingMessage, res: ServerResponse, passOn: () => void): void;
};
