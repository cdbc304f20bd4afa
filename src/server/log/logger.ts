import pino, { type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "../config";

// The server's one logger (pino, as Fastify's own): one JSON object a line on the standard
// output. The production server hands it to Fastify, which derives each request's logger from it
// (with the request's id); the Gatsby Functions and the modules without a request (the store,
// the delivery runs, the daily purge) log through it too. What a line may hold is listed in
// docs/configuration.md ("Logs"): never a visitor's name, email, phone or message.

export type { Logger } from "pino";

/** What the quote endpoint and the delivery runner need of a logger (a request's or the process's). */
export type LeadLogger = Pick<Logger, "info" | "warn" | "error">;

/** A logger writing to `destination` (the standard output by default); tests read their own. */
export function createLogger(level: LogLevel = "info", destination?: DestinationStream): Logger {
  return pino({ level }, destination);
}

// On globalThis: `gatsby develop` loads a function's module again on every request, and each
// pino instance holds its own stream on the standard output.
const loggerKey = Symbol.for("recouvrement-loyers/logger");
type Holder = { [loggerKey]?: Logger };

/** The process's logger, made at first use; `setProcessLogger` replaces it (tests, serve.ts). */
export function processLogger(): Logger {
  return ((globalThis as Holder)[loggerKey] ??= createLogger());
}

export function setProcessLogger(logger: Logger): void {
  (globalThis as Holder)[loggerKey] = logger;
}

/**
 * An error's text fit for the log: email addresses in it (an SMTP relay's "550 <jeanne@…>:
 * recipient rejected" names the visitor an acknowledgement was for) are masked.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/g, "[adresse masquée]");
}
