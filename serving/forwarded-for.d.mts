export declare function withSocketHop(received: string | string[] | undefined, socketAddress: string | undefined): string;
