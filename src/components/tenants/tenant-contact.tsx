import React from "react";
import type { Company } from "../../hooks/use-company";
import { isPlaceholder } from "../../shared/content-model/placeholder";
import { telHref } from "../../shared/format";
import * as styles from "./tenant-contact.module.css";

type TenantContactProps = Pick<Company, "name" | "phone" | "email" | "headOffice">;

/** How a tenant reaches us about a letter: phone, email, post. No quote form here. */
export default function TenantContact({ name, phone, email, headOffice }: TenantContactProps) {
  // A detail the company has not given yet is never shown to a tenant as a way to reach us.
  const address = isPlaceholder(headOffice) ? null : headOffice;
  return (
    <aside className={styles.contact} aria-labelledby="tenant-contact-title">
      <h2 id="tenant-contact-title">Nous joindre au sujet d'un courrier</h2>
      <p>Munissez-vous de la référence indiquée sur notre courrier.</p>
      <ul>
        <li>
          Téléphone : <a href={telHref(phone)}>{phone}</a>
        </li>
        <li>
          Courriel : <a href={`mailto:${email}`}>{email}</a>
        </li>
        {address && (
          <li>
            Courrier : {name}, {address}
          </li>
        )}
      </ul>
    </aside>
  );
}
