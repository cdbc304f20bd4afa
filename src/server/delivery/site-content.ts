import { resolve } from "node:path";
import { readContentSource } from "../../build/content-source";
import { isPlaceholder } from "../../shared/content-model/placeholder";

// What the acknowledgement email takes from content/, read at run time so that marketing's last
// edit is what visitors are told, without a restart: the reply delay and the company's contacts.
// Read and checked as the build reads them (src/build/content-source.ts): a file the build would
// refuse holds the email back, with the build's own French lines as the delivery's error, rather
// than telling a visitor something wrong.

export interface AckContent {
  companyName: string;
  /** Only the details the company has given: a `[À COMPLÉTER : …]` never reaches a visitor. */
  phone: string | null;
  email: string | null;
  address: string | null;
  quoteReplyHours: number;
}

const given = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" && !isPlaceholder(value) ? value.trim() : null;

export async function readAckContent(
  contentDir: string = resolve(process.cwd(), "content"),
): Promise<AckContent> {
  const company = readContentSource("company", "company.md", contentDir);
  const figures = readContentSource("figures", "figures.md", contentDir);
  const problems = [...company.problems, ...figures.problems];
  if (problems.length > 0) throw new Error(problems.join(" ; "));
  return {
    companyName: given(company.fields.name) ?? "Hestia Recouvrement",
    phone: given(company.fields.phone),
    email: given(company.fields.email),
    address: given(company.fields.headOffice),
    quoteReplyHours: figures.fields.quoteReplyHours as number,
  };
}
