/** @jest-environment node */
import { isPrivacyPolicyFile } from "../use-legal-pages";

// The form links to the privacy policy found by its file: a new version of it, named after it and
// applicable at a date, is still found once the former version is no longer built.

test("a version of the privacy policy is its file, or one named after it", () => {
  expect(isPrivacyPolicyFile("politique-confidentialite")).toBe(true);
  expect(isPrivacyPolicyFile("politique-confidentialite-2027")).toBe(true);
  expect(isPrivacyPolicyFile("politique-confidentialites")).toBe(false);
  expect(isPrivacyPolicyFile("mentions-legales")).toBe(false);
});
