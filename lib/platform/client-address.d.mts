export function proxyHops(value?: string): number;
export function visitorAddress(forwardedFor: string | undefined, socketAddress: string | undefined, hops: number): string;
export function clientAddress(headers: { get(name: string): string | null }, env?: Record<string, string | undefined>): string;
