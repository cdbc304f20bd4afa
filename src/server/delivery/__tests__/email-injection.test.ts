/** @jest-environment node */
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import { TestSmtp } from "../../../../tests/pipeline/support/smtp";
import { makeLead } from "../../../test-utils/leads";
import { EmailSender, ackMessage, salesMessage } from "../email";

// What a visitor typed, in the emails as a mail client reads them (a real SMTP listener, each
// message parsed by mailparser): a name or an organisation carrying line breaks and headers adds
// no header and no recipient; markup in any field is text in the HTML part. The form refuses such
// names (src/shared/quote-request/quote-request.ts), but a lead is delivered from the store, which
// an import or an older version may have filled.

const smtp = new TestSmtp(9766);
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const config = {
  smtpUrl: smtp.url,
  to: ["ventes@hestia.test"],
  from: "Site Hestia <site@hestia.test>",
  ack: true,
};
const ackContent = {
  companyName: "Hestia Recouvrement",
  quoteReplyHours: 24,
  phone: null,
  email: null,
  address: null,
};

test("line breaks and headers in a name or the organisation add no header nor recipient", async () => {
  const lead = makeLead({
    firstName: "Jean\r\nBcc: victime@exemple.fr",
    lastName: "Dupont\nX-Injecte: oui",
    company: "OPH\r\n\r\n<b>corps</b>\r\nSubject: autre",
    message: '<a href="https://evil.example">payer ici</a> <script>alert(1)</script> **gras**',
  });
  const sender = new EmailSender(smtp.url);
  try {
    await sender.send(salesMessage(lead, config));
    await sender.send(ackMessage(lead, config, ackContent, "https://www.exemple.fr"));
  } finally {
    sender.close();
  }
  expect(smtp.mails).toHaveLength(2);
  for (const mail of smtp.mails) {
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.headers.has("x-injecte")).toBe(false);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain('href="https://evil.example"');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(
      "&lt;a href=&quot;https://evil.example&quot;&gt;payer ici&lt;/a&gt;",
    );
  }
  const [sales, ack] = smtp.mails;
  expect(sales?.subject).toBe(
    "Demande de devis : OPH <b>corps</b> Subject: autre — Jean Bcc: victime@exemple.fr Dupont X-Injecte: oui",
  );
  const recipients = (mail: typeof sales) =>
    [mail?.to, mail?.cc, mail?.bcc]
      .flatMap((field) => (field === undefined ? [] : Array.isArray(field) ? field : [field]))
      .flatMap((field) => field.value.map((address) => address.address));
  expect(recipients(sales)).toEqual(["ventes@hestia.test"]);
  expect(recipients(ack)).toEqual([lead.request.email]);
  expect(sales?.replyTo?.value.map((address) => address.address)).toEqual([lead.request.email]);
});
