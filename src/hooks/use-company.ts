import { graphql } from "gatsby";
import useSiteContent from "./use-site-content";

export type Company = Queries.CompanyFragment;

export const query = graphql`
  fragment Company on CompanyDetails {
    name
    legalForm
    shareCapital
    headOffice
    phone
    email
    dpoEmail
    siren
    vatNumber
    publicationDirector
    carteGNumber
    carteGChamber
    guarantor
    guaranteeAmount
    insurer
    insurancePolicy
    dedicatedAccountBank
    prosecutorDeclarationDate
    hostName
    hostAddress
    hostPhone
  }
`;

/** The company's details from `content/company/`. */
export default function useCompany(): Company {
  const { companyDetails } = useSiteContent();
  if (!companyDetails) throw new Error("content/company/ has no company details");
  return companyDetails;
}
