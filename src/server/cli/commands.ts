import { join } from "node:path";
import { EmailSender } from "../delivery/email";
import { checkWebhook } from "../delivery/webhook";
import { fieldText, leadFieldLabels, parisTime } from "../leads/lead-fields";
import type { Channel, Delivery } from "../leads/lead-store";
import { embeddedFileName } from "../leads/embedded-store";
import { storeKind } from "../leads/open-store";
import { redactUrl } from "../leads/postgres-database";
import { oneLine } from "../one-line";
import type { Command } from "./command-context";
import { channelNames, statusLabels } from "../leads/actions";
import { deliveriesSummary, deliveryText } from "./lead-text";
import { release, retry, spam, status } from "./lead-actions";
import { erase, exportCommand, purge } from "./personal-data";
import { importCommand } from "./import-leads";
import { backupCommand, restoreCommand } from "./backups";

// The subcommands of `npm run leads`, one entry each in `commands`: a new one is one more entry,
// here or in a module of its own (lead-actions.ts, personal-data.ts, import-leads.ts,
// backups.ts). What they print is French: they are for the people who handle leads.

const list: Command = {
  args: "",
  summary: "toutes les demandes, de la plus ancienne à la plus récente",
  async run(_args, { out, store }) {
    const leads = await (await store()).leads.list();
    for (const lead of leads) {
      const { request } = lead;
      const quarantine = lead.quarantine ? ` [quarantaine : ${lead.quarantine.reason}]` : "";
      out(
        `${lead.id}  ${parisTime(lead.receivedAt)}  ${request.company} — ${request.firstName} ${request.lastName} <${request.email}>  ${deliveriesSummary(lead)}${quarantine}`,
      );
    }
    out(`${leads.length} demande(s).`);
    return 0;
  },
};

const show: Command = {
  args: "ID",
  summary: "une demande en entier, avec l'état de chaque envoi",
  async run([id], { out, store }) {
    if (!id) {
      out("Indiquez la référence de la demande : npm run leads -- show ID");
      return 2;
    }
    const lead = await (await store()).leads.get(id);
    if (!lead) {
      out(`Aucune demande avec la référence ${id}.`);
      return 1;
    }
    out(`Référence : ${lead.id}`);
    out(`Reçue le : ${parisTime(lead.receivedAt)}`);
    out(`Statut : ${statusLabels[lead.status]}`);
    for (const [field, label] of leadFieldLabels)
      out(`${label} : ${fieldText(lead.request, field)}`);
    out(`Clé d'idempotence : ${lead.idempotencyKey ?? "—"}`);
    if (lead.quarantine) out(`Quarantaine : ${lead.quarantine.reason}`);
    for (const [channel, delivery] of Object.entries(lead.deliveries) as [Channel, Delivery][]) {
      out(`Envoi ${channelNames[channel]} : ${deliveryText(delivery)}`);
    }
    return 0;
  },
};

const check: Command = {
  args: "",
  summary:
    "vérifie que la base, le serveur SMTP et le webhook configurés répondent, sans rien envoyer",
  async run(_args, { config: settings, out, store }) {
    let failures = 0;
    const probe = async (name: string, test: () => Promise<string>) => {
      try {
        out(`${name} : joignable${suffix(await test())}`);
      } catch (error) {
        failures += 1;
        out(`${name} : INJOIGNABLE (${oneLine(error)})`);
      }
    };
    const suffix = (detail: string) => (detail ? ` (${detail})` : "");

    const where =
      storeKind(settings.store) === "postgres"
        ? `Base PostgreSQL ${redactUrl(settings.store.databaseUrl!)}`
        : `Base intégrée SQLite ${join(settings.store.databaseDir, embeddedFileName)}`;
    await probe(where, async () => {
      const opened = await store();
      await opened.ping();
      const version = await opened.schemaVersion();
      const latest = opened.latestVersion();
      if (version < latest) {
        throw new Error(
          `schéma en version ${version} sur ${latest} : lancez npm run leads -- migrate`,
        );
      }
      return `schéma à jour, version ${version}`;
    });
    const config = settings.delivery;
    if (config.email) {
      const sender = new EmailSender(config.email.smtpUrl);
      await probe(`SMTP ${redactUrl(config.email.smtpUrl)}`, async () => {
        await sender.verify();
        return `destinataires : ${config.email!.to.join(", ")}`;
      }).finally(() => sender.close());
    } else {
      out("SMTP : non configuré (SMTP_URL, QUOTE_NOTIFY_TO, QUOTE_MAIL_FROM)");
    }
    if (config.webhook) {
      await probe(`Webhook ${config.webhook.url}`, () => checkWebhook(config.webhook!));
    } else {
      out("Webhook : non configuré (QUOTE_WEBHOOK_URL, QUOTE_WEBHOOK_SECRET)");
    }
    return failures === 0 ? 0 : 1;
  },
};

const migrate: Command = {
  args: "",
  summary:
    "crée ou met à jour le schéma de la base (PostgreSQL : DATABASE_URL ; la base intégrée le fait à l'ouverture)",
  async run(_args, { out, store }) {
    const applied = await (await store()).migrate();
    out(
      applied.length === 0
        ? "Schéma déjà à jour."
        : `Migration(s) appliquée(s) : ${applied.join(", ")}.`,
    );
    return 0;
  },
};

export const commands: Record<string, Command> = {
  list,
  show,
  export: exportCommand,
  import: importCommand,
  retry,
  check,
  migrate,
  spam,
  release,
  status,
  purge,
  erase,
  backup: backupCommand,
  restore: restoreCommand,
};
