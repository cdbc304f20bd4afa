// The admin's previews of the accessibility statement and the tenants' page, drawn by the
// site's own components, with the company's details read through the backend.
import type { CMS as DecapCms, PreviewTemplateComponentProps } from "decap-cms-core";
import React from "react";
import ConformanceState from "../components/accessibility/conformance-state";
import LegalDocument from "../components/legal/legal-document";
import TenantContact from "../components/tenants/tenant-contact";
import TenantNotice from "../components/tenants/tenant-notice";
import type { AccessibilityStatement, TenantPage } from "../shared/content-model/schemas";
import { tokenValues } from "../shared/content-model/tokens";
import { entryData, LegalBody, preview, usePreviewContent, Waiting } from "./previews";

type PreviewProps = PreviewTemplateComponentProps;
type WithBody<T> = T & { body: string };

function AccessibilityPreview(props: PreviewProps) {
  const page = entryData<WithBody<AccessibilityStatement>>(props);
  const context = usePreviewContent(props, {});
  if (!context) return <Waiting />;
  const values = tokenValues(context.company, context.figures);
  return (
    <>
      <p style={{ padding: "1rem 2rem" }}>
        Pied de page de chaque page : « Accessibilité : {page.state} »
      </p>
      <LegalDocument title={page.title} updatedAt={String(page.updatedAt)}>
        <ConformanceState
          siteName={context.company.name}
          state={page.state}
          auditDate={page.auditDate ? String(page.auditDate) : null}
          auditRate={page.auditRate ?? null}
        />
        <LegalBody markdown={page.body} values={values} props={props} />
      </LegalDocument>
    </>
  );
}

function TenantPreview(props: PreviewProps) {
  const page = entryData<WithBody<TenantPage>>(props);
  const context = usePreviewContent(props, {});
  if (!context) return <Waiting />;
  const values = tokenValues(context.company, context.figures);
  return (
    <>
      <TenantNotice {...page.landingNotice} path={page.path} />
      <LegalDocument title={page.title} updatedAt={String(page.updatedAt)}>
        <TenantContact {...context.company} />
        <LegalBody markdown={page.body} values={values} props={props} />
      </LegalDocument>
    </>
  );
}

export function registerPagePreviews(cms: DecapCms): void {
  // Files collections are named by file.
  cms.registerPreviewTemplate(
    "accessibility",
    preview((props) => <AccessibilityPreview {...props} />),
  );
  cms.registerPreviewTemplate(
    "tenants",
    preview((props) => <TenantPreview {...props} />),
  );
}
