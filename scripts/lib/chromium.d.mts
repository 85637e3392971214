export declare const CHROMIUM_FLAGS: string[];
export declare const E2E_CHROMIUM: string;
export declare const FULL_CHROMIUM: string;
