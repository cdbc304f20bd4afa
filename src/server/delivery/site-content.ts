import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import matter from "gray-matter";
import { isPlaceholder } from "../../shared/content-model/placeholder";

// What the acknowledgement email takes from content/, read at run time so that marketing's last
// edit is what visitors are told, without a rebuild: the reply delay and the company's contacts.

export interface AckContent {
  companyName: string;
  /** Only the details the company has given: a `[À COMPLÉTER : …]` never reaches a visitor. */
  phone: string | null;
  email: string | null;
  address: string | null;
  quoteReplyHours: number;
}

async function frontmatter(file: string): Promise<Record<string, unknown>> {
  return matter(await readFile(file, "utf8")).data as Record<string, unknown>;
}

const given = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" && !isPlaceholder(value) ? value.trim() : null;

export async function readAckContent(
  contentDir: string = resolve(process.cwd(), "content"),
): Promise<AckContent> {
  const company = await frontmatter(resolve(contentDir, "company/company.md"));
  const figures = await frontmatter(resolve(contentDir, "figures/figures.md"));
  const hours = figures.quoteReplyHours;
  if (typeof hours !== "number") throw new Error("content/figures: quoteReplyHours is missing");
  return {
    companyName: given(company.name) ?? "Hestia Recouvrement",
    phone: given(company.phone),
    email: given(company.email),
    address: given(company.headOffice),
    quoteReplyHours: hours,
  };
}
