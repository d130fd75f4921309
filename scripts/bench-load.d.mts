// Types of scripts/bench-load.mjs for the tests that use it.
export const BROWSER_ACCEPT_ENCODING: string;
export const BROWSER_UA: string;
export const PROBE_ARGS: string[];
export const SERVICE_NODE_ARGS: string[];
export const SERVICE_ENV: Record<string, string>;
export function productionEnv(): Record<string, string>;

export interface WrkFigures {
  rps: number;
  requests: number;
  p99: number;
  timeouts: number;
  socketErrors: number;
  non2xx: number;
}

export interface LoadTarget {
  path: string;
  connections: number;
  duration: string;
}

export interface AppMemory {
  collections: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  heapPhysical: number;
  heapSpaces: Record<string, number>;
  external: number;
  arrayBuffers: number;
  wasm: number | null;
  sharp: { bytes: number; highBytes: number; items: number; files: number } | null;
  timers: number;
}

export function wrk(
  url: string,
  duration: string,
  options?: { connections?: number; timeout?: string; acceptEncoding?: string },
): WrkFigures;
export function appMemory(probePort: number, options?: { gc?: boolean }): Promise<AppMemory>;
export function settledAppMemory(probePort: number): Promise<AppMemory>;
export function residentBytes(pid: number): number | null;
export function loadRound(
  base: string,
  targets: LoadTarget[],
  options?: { pid?: number; timeout?: string },
): Promise<{ results: (LoadTarget & WrkFigures)[]; peakResident: number }>;
