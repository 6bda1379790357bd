export declare const DEFAULT_PORT: number;
export declare const DEV_ENTRY: string;
export declare function startPlan(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { error: string } | { port: number; publicUrl: string; migrate: string[]; dev: string[] };
