import type { SqlLeadStore } from "../../../src/server/leads/sql-store";
import { TestPostgres } from "./postgres";
import { TestSmtp } from "./smtp";
import { postgresStore } from "./stores";
import { TestWebhookReceiver } from "./webhook-receiver";

// What a lead goes through after the endpoint, for one test file: a throwaway PostgreSQL cluster
// with its `leads` database, an SMTP listener and a webhook receiver with its signing secret, on
// three consecutive ports. Started before the file's tests, stopped after them.

export interface DeliveryServices {
  postgres: TestPostgres;
  smtp: TestSmtp;
  receiver: TestWebhookReceiver;
  secret: string;
  /** The configuration that points the server or `npm run leads` at them. */
  env: Record<string, string>;
  /** A store on the cluster's database (its pool connects at its first query). */
  store: SqlLeadStore;
}

/**
 * @param firstPort PostgreSQL's port; SMTP's and the receiver's follow it.
 * @param migrate whether the schema is applied before the tests (`npm run leads`' own tests
 *   apply it themselves).
 */
export function deliveryServices(
  firstPort: number,
  { migrate = true }: { migrate?: boolean } = {},
): DeliveryServices {
  const postgres = new TestPostgres(firstPort);
  const smtp = new TestSmtp(firstPort + 1);
  const secret = `whsec_${Buffer.from(`webhook-secret-of-port-${firstPort}`).toString("base64")}`;
  const receiver = new TestWebhookReceiver(firstPort + 2, secret);
  const store = postgresStore(postgres.url);

  beforeAll(async () => {
    postgres.start();
    postgres.createDatabase();
    if (migrate) await store.migrate();
    await Promise.all([smtp.start(), receiver.start()]);
  });

  afterAll(async () => {
    await store.close();
    await Promise.all([smtp.stop(), receiver.stop()]);
    postgres.destroy();
  });

  return {
    postgres,
    smtp,
    receiver,
    secret,
    env: {
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      QUOTE_NOTIFY_TO: "ventes@hestia.test",
      QUOTE_MAIL_FROM: "site@hestia.test",
      QUOTE_WEBHOOK_URL: receiver.url,
      QUOTE_WEBHOOK_SECRET: secret,
    },
    store,
  };
}
