import React from "react";
import * as styles from "./quote-form.module.css";

/** The company's name and its address for personal-data requests, from content/company. */
export type PrivacyContact = { controller: string; email: string };

/**
 * The information the RGPD (article 13) requires where the data is collected, short; the privacy
 * policy says the same at length.
 */
export default function PrivacyNotice({ controller, email }: PrivacyContact) {
  return (
    <div className={styles.notice}>
      <p>
        {controller} traite ces informations pour répondre à votre demande de devis et vous
        recontacter, sur la base de votre consentement. Seuls notre équipe commerciale et nos
        prestataires techniques (hébergement, messagerie), dans l’Union européenne, les reçoivent.
        Elles sont conservées trois ans à compter de votre demande, puis supprimées. Pour limiter
        les envois automatisés, l’adresse IP de votre connexion est comptée quelques minutes.
      </p>
      <p>
        Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter l’usage, vous y
        opposer, en demander la portabilité et retirer votre consentement à tout moment, en écrivant
        à <a href={`mailto:${email}`}>{email}</a>. Vous pouvez aussi adresser une réclamation à la
        CNIL (www.cnil.fr). La politique de confidentialité, liée ci-dessus, en dit plus.
      </p>
    </div>
  );
}
