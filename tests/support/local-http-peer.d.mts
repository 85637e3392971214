import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LocalHttpPeer {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
}
export declare function startLocalHttpPeer(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void,
  port?: number,
): Promise<LocalHttpPeer>;
export declare function phoneNumberSet(): Set<string>;
export declare function listenOnLoopback(server: import('node:net').Server, port?: number): Promise<number>;
