import { dirname } from "node:path";
import { tryReadServerConfig, type Env } from "../config";
import { Deployer } from "../deploy/deployer";
import { failureNotifier } from "../deploy/failure-email";
import { takeDeployLock } from "../deploy/lock";
import { withoutUserInfo } from "../deploy/redact";
import { listReleases, serverCodeHash, switchTo } from "../deploy/releases";
import { readDeployState, writeDeployState } from "../deploy/state";
import { parisTime } from "../leads/lead-fields";
import { createLogger } from "../log/logger";
import { runCli } from "./run-cli";

// `npm run site -- <commande>`: the deploys of our own server by hand, beside it or without it
// (the same lock and the same releases as the server's webhook, src/server/deploy/): a first
// install, a deploy after a crash, the list of releases, a rollback.

const usage = [
  "Usage : npm run site -- <commande>",
  "",
  "  deploy [COMMIT]    construit et met en ligne COMMIT (par défaut le dernier de la branche)",
  "  releases           liste les versions gardées, et celle qui est en ligne",
  "  rollback [COMMIT]  remet en ligne une version gardée (par défaut celle d'avant)",
].join("\n");

export async function main(argv: string[], env?: Env): Promise<number> {
  const [name, argument] = argv;
  if (!name || !["deploy", "releases", "rollback"].includes(name)) {
    console.log(usage);
    return name === undefined || name === "help" ? 0 : 2;
  }
  const read = tryReadServerConfig(env);
  if (!read.ok) {
    console.error(read.error.message);
    return 2;
  }
  const { config } = read;
  const settings = config.deploy;
  if (!settings) {
    console.error(
      "Les mises en ligne ne sont pas configurées : DEPLOY_GIT_URL, DEPLOY_WEBHOOK_SECRET et CMS_REPO (docs/operations.md).",
    );
    return 2;
  }

  if (name === "deploy") {
    if (argument !== undefined && !/^[0-9a-f]{40}$/.test(argument)) {
      console.error(`« ${argument} » n'est pas un identifiant de commit complet (40 caractères).`);
      return 2;
    }
    console.log(
      `Construction de ${argument ?? `la branche ${settings.branch}`} depuis ${withoutUserInfo(settings.gitUrl)} (une à quelques minutes)…`,
    );
    const deployer = new Deployer(settings, {
      log: createLogger("warn"),
      notify: failureNotifier(config.delivery.email, {
        notifyTo: settings.notifyTo,
        team: config.team,
        domains: config.deployNotifyDomains,
      }),
      // This CLI's folder holds the server it was compiled with (dist/server/).
      serverCode: serverCodeHash(dirname(process.argv[1] ?? ".")),
    });
    if (deployer.boxProblem) {
      console.error(`Aucune construction possible : ${deployer.boxProblem}.`);
      return 1;
    }
    const stop = () => void deployer.close();
    process.once("SIGINT", stop).once("SIGTERM", stop);
    deployer.request({ commit: argument ?? null });
    await deployer.idle();
    const state = readDeployState(settings.dir);
    if (deployer.lastOutcome && !deployer.lastOutcome.live && state.state !== "failed") {
      console.log(
        deployer.lastOutcome.reason === "already live"
          ? "Rien à construire : ce commit est déjà en ligne."
          : "Rien à construire : ce commit est plus ancien que la version en ligne (pour revenir en arrière : npm run site -- rollback).",
      );
    }
    if (state.failure && state.state === "failed") {
      console.error(`Non mise en ligne : ${state.failure.message}`);
      for (const problem of state.failure.problems) console.error(`  - ${problem}`);
      return 1;
    }
    const live = listReleases(settings.dir).find((release) => release.live);
    console.log(live ? `En ligne : ${describe(live)}` : "Aucune version en ligne.");
    return live ? 0 : 1;
  }

  const releases = listReleases(settings.dir);
  if (name === "releases") {
    if (releases.length === 0) console.log("Aucune version : lancez npm run site -- deploy.");
    for (const release of releases) {
      console.log(`${release.live ? "* en ligne " : "           "}${describe(release)}`);
    }
    return 0;
  }

  // rollback
  const liveIndex = releases.findIndex((release) => release.live);
  const target =
    argument === undefined
      ? releases[liveIndex + 1]
      : argument.length >= 7 && /^[0-9a-f]+$/.test(argument)
        ? releases.find((release) => release.commit.startsWith(argument))
        : undefined;
  if (!target) {
    console.error(
      argument === undefined
        ? "Aucune version plus ancienne n'est gardée (npm run site -- releases)."
        : `Aucune version gardée pour « ${argument} » (7 caractères au moins ; npm run site -- releases).`,
    );
    return 1;
  }
  const release = takeDeployLock(settings.dir);
  if (typeof release !== "function") {
    console.error(
      `Un déploiement est en cours (processus ${release.heldBy?.pid ?? "non encore nommé"}) : réessayez après lui.`,
    );
    return 1;
  }
  try {
    const from = releases[liveIndex]?.commit ?? null;
    switchTo(settings.dir, target.id);
    // Recorded for the public status: when, from and to which commit; never who (an operator's
    // name is personal data, and the status is read on the public origin).
    writeDeployState(settings.dir, {
      ...readDeployState(settings.dir),
      rollback: { at: new Date().toISOString(), from, to: target.commit },
    });
  } finally {
    release();
  }
  console.log(`En ligne : ${describe(target)}`);
  return 0;
}

function describe(release: ReturnType<typeof listReleases>[number]): string {
  const author = release.author ? `, ${release.author.name}` : "";
  return `${release.commit.slice(0, 7)} du ${parisTime(release.committedAt)}${author} : ${release.message} (version ${release.id})`;
}

runCli(main);
