export function trackBackgroundWork<T>(promise: Promise<T>): Promise<T>;
export function backgroundWorkSettled(): Promise<void>;
