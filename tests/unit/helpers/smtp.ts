import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed; with
 * `delayMs`, it takes that long to accept each one (a slow inbox).
 */
export async function startSmtpServer(port = 0, { delayMs = 0 } = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) =>
          setTimeout(() => {
            received.push(mail);
            callback();
          }, delayMs),
        callback,
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
