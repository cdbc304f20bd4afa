import { oneLine } from "../one-line";
import type { Channel, ClaimOptions, Delivery, DeliveryQueue, Lead } from "../leads/lead-store";
import { processLogger, withoutAddresses, type LeadLogger } from "../log/logger";
import { configuredChannels, type DeliveryConfig } from "./delivery-config";
export { pendingDeliveries } from "./pending";
import { ackMessage, EmailSender, salesMessage } from "./email";
import { readAckContent } from "./site-content";
import { postWebhook } from "./webhook";
import { postAlert, slackPayload, teamsPayload } from "./chat-alerts";

// Announces stored leads on each channel, exactly once per channel. The lead is stored first (the
// visitor's 201 waits only for that); each channel's state lives beside it in the store. A run
// claims the leads it will deliver (a lease, so another process or `npm run leads -- retry`
// leaves them alone), sends, and records each outcome; a failure is retried with back-off by the
// next run, whichever process makes it.

/**
 * How long a claim lasts. Longer than the slowest run can take (a batch's leads are delivered in
 * parallel, each channel bounded by its timeouts: SMTP about 20 s, webhook 5 s), short enough that
 * a lead whose process died mid-delivery is picked up again soon.
 */
export const defaultLeaseMs = 30_000;

/** 30 s, 1 min, 2 min… up to 1 h between attempts: a long outage costs a few tries an hour. */
export function backOffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface RunSummary {
  sent: number;
  failed: number;
  leads: number;
}

export interface RunnerOptions {
  /** The channels' settings, from the server's configuration (src/server/config.ts). */
  config: DeliveryConfig;
  /** Where failures are logged (default: the process's logger). */
  log?: LeadLogger;
  leaseMs?: number;
  now?: () => Date;
  /**
   * Where content/ is, for the acknowledgement (defaults to the working folder's); asked at each
   * email when a function (the live release's, which a deploy replaces).
   */
  contentDir?: string | (() => string);
  /** Told of each attempt's outcome (the metrics, src/server/metrics/). */
  onAttempt?: (channel: Channel, ok: boolean) => void;
}

export class DeliveryRunner {
  readonly config: DeliveryConfig;
  private readonly leaseMs: number;
  private readonly now: () => Date;
  private readonly contentDir: string | (() => string) | undefined;
  private readonly onAttempt: RunnerOptions["onAttempt"];
  private readonly log: LeadLogger;
  private sender: EmailSender | null = null;
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;

  constructor(
    private readonly queue: DeliveryQueue,
    /** Kept whole: the inbox's retries deliver with the same (src/server/http/routes/team/). */
    readonly options: RunnerOptions,
  ) {
    this.config = options.config;
    this.log = options.log ?? processLogger();
    this.leaseMs = options.leaseMs ?? defaultLeaseMs;
    this.now = options.now ?? (() => new Date());
    this.contentDir = options.contentDir;
    this.onAttempt = options.onAttempt;
  }

  /** The channels a lead stored now is owed. */
  channels(): Channel[] {
    return configuredChannels(this.config);
  }

  /**
   * Starts a run unless one is going, in which case one more follows it: calls made during a run
   * coalesce into that next one, so a burst of requests costs two runs, not one per request. The
   * promise resolves when a run that started after this call has ended; it never rejects.
   */
  kick(): Promise<void> {
    if (this.channels().length === 0) return Promise.resolve();
    if (!this.running) {
      this.running = this.runLogged().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.again ??= this.running.then(() => {
      this.again = null;
      return this.kick();
    });
    return this.again;
  }

  private async runLogged(): Promise<void> {
    try {
      // Until a run finds nothing left: a run's batch is bounded, a burst may leave more.
      for (let round = 0; round < 100; round += 1) {
        const summary = await this.runOnce();
        if (summary.leads === 0) break;
      }
    } catch (error) {
      this.log.error(`delivery run failed: ${withoutAddresses(oneLine(error))}`);
    }
  }

  /** Claims the due leads (all pending ones with `ignoreBackOff`) and delivers them, once. */
  async runOnce(options: ClaimOptions = {}): Promise<RunSummary> {
    const claimedAt = this.now();
    const leads = await this.queue.claimDue(claimedAt, this.leaseMs, options);
    const summary: RunSummary = { sent: 0, failed: 0, leads: leads.length };
    await Promise.all(
      leads.map(async (lead) => {
        // The store hands over only the channels it claimed for this run.
        const channels = Object.entries(lead.deliveries).flatMap(([channel, delivery]) =>
          delivery?.state === "pending" ? [[channel as Channel, delivery] as const] : [],
        );
        await Promise.all(
          channels.map(async ([channel, delivery]) => {
            const ok = await this.deliver(lead, channel, delivery);
            this.onAttempt?.(channel, ok);
            if (ok) summary.sent += 1;
            else summary.failed += 1;
          }),
        );
      }),
    );
    return summary;
  }

  private async deliver(lead: Lead, channel: Channel, previous: Delivery): Promise<boolean> {
    const attempts = previous.attempts + 1;
    try {
      await this.send(lead, channel);
    } catch (error) {
      const nextAttemptAt = new Date(this.now().getTime() + backOffMs(attempts)).toISOString();
      const lastError = oneLine(error);
      // The lead's id and its request's: the log of the request that stored it is found by them.
      this.log.warn(
        { leadId: lead.id, reqId: lead.requestId, channel, attempt: attempts, nextAttemptAt },
        `${channel} for lead ${lead.id} failed (attempt ${attempts}, next after ${nextAttemptAt}): ${withoutAddresses(lastError)}`,
      );
      await this.queue.recordDelivery(lead.id, channel, {
        state: "pending",
        attempts,
        nextAttemptAt,
        lastError,
        sentAt: null,
      });
      return false;
    }
    // Recorded right after the send: a crash in between is the one case that sends twice, and
    // the stable Message-ID and webhook-id let the receiving side drop that copy.
    await this.queue.recordDelivery(lead.id, channel, {
      state: "sent",
      attempts,
      nextAttemptAt: null,
      lastError: null,
      sentAt: this.now().toISOString(),
    });
    return true;
  }

  private async send(lead: Lead, channel: Channel): Promise<void> {
    const { email, webhook, siteUrl } = this.config;
    switch (channel) {
      case "email":
        if (!email) throw new Error("SMTP_URL, QUOTE_NOTIFY_TO or QUOTE_MAIL_FROM is not set");
        return this.emailSender(email.smtpUrl).send(salesMessage(lead, email));
      case "ack": {
        if (!email) throw new Error("SMTP_URL, QUOTE_NOTIFY_TO or QUOTE_MAIL_FROM is not set");
        const { contentDir } = this;
        const content = await readAckContent(
          typeof contentDir === "function" ? contentDir() : contentDir,
        );
        return this.emailSender(email.smtpUrl).send(ackMessage(lead, email, content, siteUrl));
      }
      case "webhook":
        if (!webhook) throw new Error("QUOTE_WEBHOOK_URL or QUOTE_WEBHOOK_SECRET is not set");
        return postWebhook(lead, webhook);
      case "teams":
        if (!this.config.teams) throw new Error("QUOTE_TEAMS_WEBHOOK_URL is not set");
        return postAlert(this.config.teams, teamsPayload(lead, this.config.teamUrl ?? null));
      case "slack":
        if (!this.config.slack) throw new Error("QUOTE_SLACK_WEBHOOK_URL is not set");
        return postAlert(this.config.slack, slackPayload(lead, this.config.teamUrl ?? null));
    }
  }

  private emailSender(smtpUrl: string): EmailSender {
    this.sender ??= new EmailSender(smtpUrl);
    return this.sender;
  }

  /** Waits for the run in progress, then closes the SMTP connections (the store is the caller's). */
  async close(): Promise<void> {
    await this.again;
    await this.running;
    this.sender?.close();
  }
}
