/** @jest-environment node */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createMiniSite } from "./mini-site";
import { captureLog } from "../../src/test-utils/log-capture";
import { Deployer, type FailureNotice } from "../../src/server/deploy/deployer";
import { deployPaths, listReleases } from "../../src/server/deploy/releases";
import { readSchedule, scheduledChanges } from "../../src/server/deploy/schedule";
import type { Clock } from "../../src/server/deploy/scheduler";
import { parisWallTime } from "../../src/shared/content-model/paris-time";

// Scheduled builds with real git, npm and Bubblewrap on the mini-site, whose page says the instant
// it was built as of: the server's clock is a test's (injected), moved forward rather than waited
// on. An entry's date comes, and the live commit is built again as of it, with nobody pushing;
// a server stopped across an instant and a clock moved months ahead catch it up once; a
// scheduled build that fails leaves the live release, is tried once more, is told, and stops.

/** A clock that moves only when told, running the timers it passes. */
function testClock(start: number) {
  let now = start;
  let timers: { at: number; callback: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer !== handle);
    },
  };
  /** Moves the clock by `ms`, a timer at a time, as the system's would. */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = Math.max(now, due.at);
      due.callback();
    }
    now = end;
  };
  /** Jumps the wall clock, without running any timer: a clock set by hand, or libfaketime. */
  const jump = (ms: number) => {
    now += ms;
  };
  return { clock, advance, jump, pending: () => timers.length };
}

const site = createMiniSite("schedule-");
const { root, editor, git, commitFiles, settings } = site;
mkdirSync(join(editor, "content", "testimonials"), { recursive: true });
const notices: FailureNotice[] = [];
const minute = 60_000;
const paris = (ms: number) => parisWallTime(new Date(ms));

// On a minute, as a Paris time in a file names one: the clock moves by whole minutes after.
const time = testClock(Math.ceil(Date.now() / minute) * minute);
const newDeployer = () =>
  new Deployer(settings, {
    log: captureLog().log,
    clock: time.clock,
    notify: async (notice) => {
      notices.push(notice);
    },
  });
const releases = () => listReleases(settings.dir);
const live = () => releases().find((release) => release.live);
const liveTestimonial = join(deployPaths(settings.dir).current, "content", "testimonials", "a.md");
const liveIndex = () =>
  readFileSync(join(deployPaths(settings.dir).current, "site", "index.html"), "utf8");

afterAll(() => rmSync(root, { recursive: true, force: true }));

test("a testimonial's date comes: the live commit is built as of it, once, with nobody pushing", async () => {
  const at = time.clock.now() + 10 * minute;
  const pushed = commitFiles(
    { "content/testimonials/a.md": `---\norder: 1\npublishFrom: "${paris(at)}"\n---\n` },
    "Témoignage programmé",
  );
  const deployer = newDeployer();
  deployer.request({ commit: null });
  await deployer.idle();
  expect(notices).toEqual([]);
  const first = live();
  expect(first).toMatchObject({ commit: pushed, scheduledFor: null });
  expect(liveIndex()).toContain(`<p>Au ${new Date(time.clock.now()).toISOString()}</p>`);
  // Not published yet: nowhere in the release, its content/ included (the schedule is its own).
  expect(existsSync(liveTestimonial)).toBe(false);
  // What the admin's notice lists, through /api/deploy/status.
  expect(scheduledChanges(settings.dir)).toEqual([
    { at: new Date(at).toISOString(), changes: ["content/testimonials/a.md : mis en ligne"] },
  ]);

  deployer.startSchedule();
  time.advance(9 * minute);
  await deployer.idle();
  expect(live()?.id).toBe(first?.id);

  time.advance(minute);
  await deployer.idle();
  expect(live()).toMatchObject({
    commit: pushed,
    scheduledFor: new Date(at).toISOString(),
    asOf: new Date(at).toISOString(),
  });
  expect(liveIndex()).toContain(`<p>Au ${new Date(at).toISOString()}</p>`);
  expect(existsSync(liveTestimonial)).toBe(true);
  expect(readSchedule(settings.dir)?.upcoming).toEqual([]);

  // Nothing left to come: days pass without a build.
  const count = releases().length;
  time.advance(3 * 24 * 60 * minute);
  await deployer.idle();
  expect(releases()).toHaveLength(count);
  await deployer.close();
});

test("a server stopped across an instant, its clock moved months ahead: caught up once at start", async () => {
  const withdraw = time.clock.now() + 20 * minute;
  commitFiles(
    { "content/testimonials/a.md": `---\norder: 1\nretireAt: "${paris(withdraw)}"\n---\n` },
    "Témoignage retiré plus tard",
  );
  const before = newDeployer();
  before.request({ commit: null });
  await before.idle();
  await before.close();
  const pushed = git("rev-parse", "HEAD");
  expect(live()?.commit).toBe(pushed);

  // Down across the instant, and back with a clock four months later.
  time.jump(120 * 24 * 60 * minute);
  const after = newDeployer();
  after.startSchedule();
  await after.idle();
  expect(live()).toMatchObject({
    commit: pushed,
    scheduledFor: new Date(withdraw).toISOString(),
    asOf: new Date(time.clock.now()).toISOString(),
  });
  const count = releases().length;
  time.advance(10 * minute);
  await after.idle();
  expect(releases()).toHaveLength(count);
  // The timer never waits more than a minute: no wait beyond what setTimeout can hold.
  expect(time.pending()).toBe(1);
  await after.close();
});

test("a scheduled build that fails leaves the live release, is tried once more, told, then given up", async () => {
  const at = time.clock.now() + 5 * minute;
  const pushed = commitFiles(
    {
      "content/testimonials/a.md": `---\norder: 1\npublishFrom: "${paris(at)}"\n---\n`,
      "fail-after.txt": `${new Date(at).toISOString()}\n`,
    },
    "Témoignage programmé, construction qui échouera",
  );
  const deployer = newDeployer();
  deployer.request({ commit: null });
  await deployer.idle();
  const before = live();
  expect(before?.commit).toBe(pushed);
  const page = liveIndex();
  const told = notices.length;

  deployer.startSchedule();
  time.advance(5 * minute);
  await deployer.idle();
  expect(live()?.id).toBe(before?.id);
  expect(liveIndex()).toBe(page);
  expect(notices.slice(told)).toHaveLength(2);
  expect(notices.at(-1)).toMatchObject({ kind: "failure", commit: pushed });
  expect(notices.at(-1)?.problems).toEqual([
    "content/clients/a.md : champ « name » : attendu un texte non vide",
  ]);
  expect(readSchedule(settings.dir)?.upcoming).toEqual([]);

  // Given up: no loop of builds that cannot succeed.
  time.advance(60 * minute);
  await deployer.idle();
  expect(notices.slice(told)).toHaveLength(2);
  await deployer.close();
});
