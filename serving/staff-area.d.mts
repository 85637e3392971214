export declare const STAFF_AREA: readonly string[];
export declare function inStaffArea(url: string): boolean;
