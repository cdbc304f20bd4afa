/** @jest-environment node */
import { draftBranchProblem, previewName, previewPattern } from "../preview-names";

// Which branches are drafts, what each preview is called, and which hosts are previews': what a
// push, a request's Host and PREVIEW_URL itself can hold, hostile values included.

const key = "the webhook's secret, 32 characters";

describe("a draft's branch", () => {
  test.each(["cms/figures/figures", "cms/pages/mentions-légales", "cms/a.b_c-d/e"])(
    "%s is one",
    (branch) => expect(draftBranchProblem(branch)).toBeNull(),
  );

  test.each([
    ["outside cms/", "main"],
    ["outside cms/, by its case", "CMS/figures"],
    ["two dots", "cms/figures/../main"],
    ["a space", "cms/mon brouillon"],
    ["a doubled slash", "cms//figures"],
    ["a final slash", "cms/figures/"],
    ["a hidden part", "cms/.figures"],
    ["a .lock part", "cms/figures.lock"],
    ["a final dot", "cms/figures."],
    ["300 characters", `cms/${"a".repeat(296)}`],
    ["a control character", "cms/figures\u0007"],
    ["a reflog expression", "cms/figures@{1}"],
    ["a shell's characters", "cms/$(reboot)"],
  ])("with %s is refused", (_what, branch) => {
    expect(draftBranchProblem(branch)).not.toBeNull();
  });
});

describe("a preview's name", () => {
  test("is one DNS label: the branch's last part, readable, then 16 characters of its keyed hash", () => {
    const name = previewName("cms/pages/Mentions-Légales", key);
    expect(name).toMatch(/^mentions-legales-[a-z2-7]{16}$/);
    expect(previewName("cms/pages/Mentions-Légales", key)).toBe(name);
    expect(previewName(`cms/${"x".repeat(190)}`, key).length).toBeLessThanOrEqual(63);
    expect(previewName("cms/pages/---", key)).toMatch(/^[a-z2-7]{16}$/);
  });

  test("cannot be derived from the branch without the key, and differs from one branch to another", () => {
    const name = previewName("cms/figures/figures", key);
    expect(previewName("cms/figures/figures", "another key of 32 characters!!")).not.toBe(name);
    expect(previewName("cms/other/figures", key)).not.toBe(name);
    expect(name.slice(-16)).not.toBe(previewName("cms/other/figures", key).slice(-16));
  });
});

describe("PREVIEW_URL", () => {
  test("names each preview's origin, and reads the name back from a request's host", () => {
    const pattern = previewPattern("https://{name}.apercu.hestia.fr")!;
    expect(pattern.origin("figures-abc")).toBe("https://figures-abc.apercu.hestia.fr");
    expect(pattern.nameOf("figures-abc.apercu.hestia.fr")).toBe("figures-abc");
    expect(pattern.nameOf("FIGURES-ABC.APERCU.HESTIA.FR")).toBe("figures-abc");
    expect(pattern.nameOf("www.hestia.fr")).toBeNull();
    expect(pattern.nameOf("apercu.hestia.fr")).toBeNull();
    expect(pattern.nameOf("x.apercu.hestia.fr.evil.test")).toBeNull();
    expect(pattern.nameOf("figures-abc.apercuxhestia.fr")).toBeNull();
    const local = previewPattern("http://{name}.apercu.localhost:9000/")!;
    expect(local.origin("a")).toBe("http://a.apercu.localhost:9000");
    expect(local.nameOf("a.apercu.localhost:9000")).toBe("a");
    expect(local.nameOf("a.apercu.localhost:9001")).toBeNull();
  });

  test.each([
    "https://apercu.hestia.fr",
    "https://{name}.{name}.hestia.fr",
    "https://apercu.hestia.fr/{name}",
    "https://{name}.apercu.hestia.fr/chemin",
    "https://{name}.apercu.hestia.fr?q=1",
    "ftp://{name}.apercu.hestia.fr",
    "https://user:pass@{name}.apercu.hestia.fr",
    "{name}.apercu.hestia.fr",
    "https://{NAME}.apercu.hestia.fr",
  ])("%s is refused", (value) => {
    expect(previewPattern(value)).toBeNull();
  });
});
