import { robotsTxt } from "../search-engines";

it("robots.txt names the sitemap at the site's own address and keeps crawlers out of the admin", () => {
  expect(robotsTxt("https://www.example.fr")).toBe(
    "User-agent: *\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: https://www.example.fr/sitemap-index.xml\n",
  );
});

it("robots.txt of a draft's preview shuts every crawler out of everything and names no sitemap", () => {
  expect(robotsTxt("https://apercu.example.fr", true)).toBe("User-agent: *\nDisallow: /\n");
});
