import type { IncomingMessage, ServerResponse } from 'node:http';

export declare function paintFirst(pages: { prerendered: (path: string) => boolean }): (req: IncomingMessage, res: ServerResponse) => void;
export declare function withLoaderNonce(html: string): string | undefined;
