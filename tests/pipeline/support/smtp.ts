import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP listener in the test process (the smtp-server package), each message read back
// with mailparser: the tests see what a mail client would show.

export class TestSmtp {
  readonly mails: ParsedMail[] = [];
  /** Each message's envelope recipients (RCPT TO), parsed or not: who it really went to. */
  readonly recipients: string[][] = [];
  /** Messages received, parsed or not. */
  received = 0;
  private server: SMTPServer | null = null;
  /** While true, the server accepts connections and never answers (a hung relay). */
  hang = false;

  /**
   * `parse: false` only counts the messages: the load benchmark runs this listener beside the
   * server on two cores, and parsing 500 emails would slow the server it measures. `port` 0: one
   * the system picks, known once started.
   */
  constructor(
    public port: number,
    private readonly options: { parse?: boolean } = {},
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // No STARTTLS: its self-signed certificate would only test nodemailer's refusal of it.
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onConnect: (_session, callback) => {
        if (!this.hang) callback();
      },
      onData: (stream, session, callback) => {
        this.recipients.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
        if (this.options.parse === false) {
          stream.resume();
          stream.on("end", () => {
            this.received += 1;
            callback();
          });
          return;
        }
        simpleParser(stream).then(
          (mail) => {
            this.received += 1;
            this.mails.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
