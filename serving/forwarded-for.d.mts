export declare const SOCKET_HOP_MARKER: string;
export declare function withSocketHop(received: string | string[] | undefined, socketAddress: string | undefined): string;
