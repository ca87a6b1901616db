import type { IncomingMessage, Server, ServerResponse } from "node:http";

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function siteServer(handle: Handler, hops: number): Server;
export function closeServer(server: Server): Promise<void>;
export function serve(options: { port: number; hostname?: string; hops: number }): Promise<Server>;
export function earlyRefusal(req: IncomingMessage): { status: number; message: string } | null;
