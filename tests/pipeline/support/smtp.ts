import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP listener in the test process (the smtp-server package), each message read back
// with mailparser: the tests see what a mail client would show.

export class TestSmtp {
  readonly mails: ParsedMail[] = [];
  /** Messages received, parsed or not. */
  received = 0;
  private server: SMTPServer | null = null;
  /** While true, the server accepts connections and never answers (a hung relay). */
  hang = false;

  /**
   * `parse: false` only counts the messages: the load benchmark runs this listener beside the
   * server on two cores, and parsing 500 emails would slow the server it measures.
   */
  constructor(
    readonly port: number,
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
      onData: (stream, _session, callback) => {
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
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
