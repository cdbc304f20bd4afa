import React from "react";
import { isPlaceholder } from "../../shared/content-model/placeholder";
import useAccessibility from "../../hooks/use-accessibility";
import useCompany from "../../hooks/use-company";
import useLandingCopy from "../../hooks/use-landing-copy";
import useLegalPages from "../../hooks/use-legal-pages";
import useSiteMetadata from "../../hooks/use-site-metadata";
import useTenantPage from "../../hooks/use-tenant-page";
import { telHref } from "../../shared/format";
import Container from "../ui/container";
import * as styles from "./site-footer.module.css";

/**
 * The footer's id, the end of every page: the head holds the first paint until it is parsed
 * (gatsby-ssr.tsx).
 */
export const pageEndId = "pied-de-page";

/**
 * Company details, legal links, the accessibility statement with its state (as the statement's
 * model asks every page to show it), the contact link and the tenants' page, on every route.
 */
export default function SiteFooter() {
  const company = useCompany();
  const { footer } = useLandingCopy();
  const { copyrightYear } = useSiteMetadata();
  const legalPages = useLegalPages();
  const accessibility = useAccessibility();
  const tenants = useTenantPage();
  // A detail the company has not given yet stays on the legal pages, never in the footer.
  const address = isPlaceholder(company.headOffice) ? null : company.headOffice;
  return (
    <footer id={pageEndId} className={styles.footer}>
      <Container>
        <div className={styles.grid}>
          <div>
            <p className={styles.name}>{company.name}</p>
            <p className={styles.tagline}>{footer.tagline}</p>
          </div>
          <div>
            <h2 className={styles.heading}>Coordonnées</h2>
            <address className={styles.details}>
              {address && <p>{address}</p>}
              <p>
                <a href={telHref(company.phone)}>{company.phone}</a>
              </p>
              <p>
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </p>
              <p>
                <a href="/contact">Nous contacter</a>
              </p>
              <p>
                <a href={tenants.path}>Vous êtes locataire ?</a>
              </p>
            </address>
          </div>
          <nav aria-label="Informations légales">
            <h2 className={styles.heading}>Informations légales</h2>
            <ul className={styles.links}>
              {legalPages.map((page) => (
                <li key={page.path}>
                  <a href={page.path}>{page.title}</a>
                </li>
              ))}
              <li>
                <a href={accessibility.path}>Accessibilité : {accessibility.state}</a>
              </li>
            </ul>
          </nav>
        </div>
        <p className={styles.copyright}>
          © {copyrightYear} {company.name}. Tous droits réservés.
        </p>
      </Container>
    </footer>
  );
}
