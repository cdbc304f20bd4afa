import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP listener in the test process (the smtp-server package), each message read back
// with mailparser: the tests see what a mail client would show.

export class TestSmtp {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  /** While true, the server accepts connections and never answers (a hung relay). */
  hang = false;

  constructor(readonly port: number) {}

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
        simpleParser(stream).then(
          (mail) => {
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
