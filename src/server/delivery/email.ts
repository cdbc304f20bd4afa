import { createHash } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type Mail from "nodemailer/lib/mailer";
import { fieldText, fullName, leadFieldLabels, parisTime } from "../leads/lead-fields";
import type { Lead } from "../leads/lead-store";
import type { EmailConfig } from "./delivery-config";
import type { AckContent } from "./site-content";

// The two emails of a lead: the one to sales (every field, Reply-To the visitor) and, with
// QUOTE_ACK=1, the visitor's acknowledgement. Each Message-ID is derived from the idempotency key,
// so that if a crash falls between sending and recording "sent", the second copy a retry sends
// carries the same Message-ID and mail clients show it once.

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * A visitor's text in a header, on one line: a line break there would start a header of theirs
 * (`Bcc:`). Nodemailer folds them too; the headers' safety does not rest on that alone.
 */
const headerText = (text: string): string =>
  text.replace(/\s*[\r\n\v\f\u0085\u2028\u2029]+\s*/g, " ");

/** The request's fields as an HTML table, one row per label and value, both escaped. */
function fieldsTable(rows: readonly (readonly [string, string])[]): string {
  const cells = rows.map(
    ([label, value]) =>
      `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  );
  return `<table cellpadding="6" style="border-collapse:collapse">\n${cells.join("\n")}\n</table>`;
}

/** `<devis-…@domain>`, the domain being the sender's, as RFC 5322 advises. */
export function messageId(lead: Lead, kind: "sales" | "ack", from: string): string {
  const seed = `${kind}:${lead.idempotencyKey ?? lead.id}`;
  const hash = createHash("sha256").update(seed).digest("hex").slice(0, 32);
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<devis-${kind}-${hash}@${domain}>`;
}

/** The id of the request that stored the lead, to find its log lines from the email. */
function requestIdHeader(lead: Lead): Record<string, string> {
  return lead.requestId === null ? {} : { "X-Request-Id": lead.requestId };
}

export function salesMessage(lead: Lead, config: EmailConfig): Mail.Options {
  const { request } = lead;
  const received = parisTime(lead.receivedAt);
  const rows = leadFieldLabels.map(([field, label]) => [label, fieldText(request, field)] as const);
  const text = [
    `Nouvelle demande de devis reçue le ${received} (heure de Paris).`,
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    `Référence : ${lead.id}`,
    "Répondez directement à ce message pour écrire au demandeur.",
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body>
<p>Nouvelle demande de devis reçue le ${escapeHtml(received)} (heure de Paris).</p>
${fieldsTable(rows)}
<p>Référence : ${escapeHtml(lead.id)}<br>Répondez directement à ce message pour écrire au demandeur.</p>
</body></html>`;
  return {
    from: config.from,
    to: config.to,
    replyTo: { name: headerText(fullName(lead)), address: request.email },
    subject: headerText(`Demande de devis : ${request.company} — ${fullName(lead)}`),
    messageId: messageId(lead, "sales", config.from),
    date: new Date(lead.receivedAt),
    headers: requestIdHeader(lead),
    text,
    html,
  };
}

export function ackMessage(
  lead: Lead,
  config: EmailConfig,
  content: AckContent,
  siteUrl: string,
): Mail.Options {
  const { request } = lead;
  const privacyUrl = `${siteUrl}/politique-confidentialite`;
  const contacts = [
    content.phone && `Téléphone : ${content.phone}`,
    content.email && `Email : ${content.email}`,
    content.address && `Adresse : ${content.address}`,
  ].filter((line): line is string => Boolean(line));
  const rows = leadFieldLabels
    .filter(([field]) => field !== "rgpd")
    .map(([field, label]) => [label, fieldText(request, field)] as const);
  const intro = `Nous avons bien reçu votre demande de devis et nous vous répondrons sous ${content.quoteReplyHours} heures.`;
  const text = [
    `Bonjour ${fullName(lead)},`,
    "",
    intro,
    "",
    "Voici ce que vous nous avez envoyé :",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    `Pour nous joindre d'ici là :`,
    ...contacts,
    "",
    `${content.companyName}`,
    "",
    `Vos données ne servent qu'à répondre à votre demande : ${privacyUrl}`,
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body>
<p>Bonjour ${escapeHtml(fullName(lead))},</p>
<p>${escapeHtml(intro)}</p>
<p>Voici ce que vous nous avez envoyé :</p>
${fieldsTable(rows)}
<p>Pour nous joindre d'ici là :<br>${contacts.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(content.companyName)}</p>
<p>Vos données ne servent qu'à répondre à votre demande : <a href="${escapeHtml(privacyUrl)}">politique de confidentialité</a>.</p>
</body></html>`;
  return {
    from: { name: content.companyName, address: addressOf(config.from) },
    to: { name: headerText(fullName(lead)), address: request.email },
    replyTo: content.email ?? undefined,
    subject: `${content.companyName} : nous avons bien reçu votre demande de devis`,
    messageId: messageId(lead, "ack", config.from),
    headers: requestIdHeader(lead),
    text,
    html,
  };
}

/** The bare address of `Name <a@b.fr>` or `a@b.fr`. */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * One pooled SMTP connection set per process: under load, leads reuse open connections rather
 * than paying a TCP and TLS handshake each.
 */
export class EmailSender {
  private readonly transporter: Transporter<SMTPPool.SentMessageInfo>;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    this.transporter = nodemailer.createTransport({
      pool: true,
      maxConnections: 5,
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
      secure: url.protocol === "smtps:",
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Bounded, so that a silent SMTP server fails a delivery (retried later) instead of
      // holding it for minutes: 25 s at worst, within the 30 s lease of its claim.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 15_000,
    });
  }

  async send(message: Mail.Options): Promise<void> {
    await this.transporter.sendMail(message);
  }

  /** Connects and authenticates without sending anything (`npm run leads -- check`). */
  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}
