import { resolve } from "node:path";
import { ImportFileError, importLeads, readExportFile } from "../leads/lead-import";
import type { Command } from "./command-context";

// `import`: the leads of a JSON export (`export FICHIER.json`, personal-data.ts) into the
// configured store, from another installation or an earlier version (CHANGELOG.md). What it
// stores and why none is delivered again: src/server/leads/lead-import.ts.

const usage =
  "Usage : npm run leads -- import FICHIER.json (un fichier écrit par npm run leads -- export FICHIER.json)";

export const importCommand: Command = {
  args: "FICHIER.json",
  summary:
    "ajoute les demandes d'un export JSON (npm run leads -- export FICHIER.json) avec leur référence, leur date et leur statut ; une référence déjà présente est laissée telle quelle ; aucune demande n'est envoyée de nouveau",
  async run([target], { out, store }) {
    if (!target) {
      out(usage);
      return 2;
    }
    const file = resolve(target);
    let leads;
    try {
      leads = await readExportFile(file);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      out(`Import refusé : ${error.message}.`);
      return 1;
    }
    const { imported, alreadyStored, notDelivered } = await importLeads(await store(), leads);
    out(
      `${imported} demande(s) importée(s) de ${file} ; ${alreadyStored} déjà présente(s), laissée(s) telle(s) quelle(s).`,
    );
    if (notDelivered > 0) {
      out(
        `${notDelivered} demande(s) importée(s) encore en attente d'envoi dans l'installation d'origine : aucun envoi n'en est fait ici.`,
      );
    }
    return 0;
  },
};
