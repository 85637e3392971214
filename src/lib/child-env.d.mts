export declare const CHILD_ENV_ALLOWED: string[];
export declare function childProcessEnv(
  extra?: Record<string, string>,
  source?: Record<string, string | undefined>,
): Record<string, string>;
