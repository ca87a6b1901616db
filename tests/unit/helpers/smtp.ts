import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed; with
 * `delayMs`, it takes that long to accept each one (a slow inbox); with `reject`, it refuses the
 * recipients it names, as a mail server does, quoting the address.
 */
export async function startSmtpServer(
  port = 0,
  { delayMs = 0, reject = (address: string): boolean => (void address, false) } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!reject(address.address)) return callback();
      const refusal = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: mailbox unavailable`), {
        responseCode: 550,
      });
      callback(refusal);
    },
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
