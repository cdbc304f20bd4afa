// The admin's previews of the accessibility statement and the tenants' page, drawn by the
// site's own components, with the company's details read through the backend. The body is the
// HTML Decap drew from the Markdown (sanitised), tokens filled as the build fills them.
import React from "react";
import ConformanceState from "../components/accessibility/conformance-state";
import LegalDocument from "../components/legal/legal-document";
import TenantContact from "../components/tenants/tenant-contact";
import TenantNotice from "../components/tenants/tenant-notice";
import type { AccessibilityStatement, TenantPage } from "../shared/content-model/schemas";
import { fillTokens, tokenValues } from "../shared/content-model/tokens";
import type { PreviewProps } from "./cms-types";
import { bridgedPreview, type BridgedProps, type DecapGlobals } from "./preview-bridge";
import { entryData, escapeHtml, preview, usePreviewContent, Waiting } from "./previews";

type WithBody<T> = T & { body: string };

function AccessibilityPreview(props: BridgedProps) {
  const page = entryData<WithBody<AccessibilityStatement>>(props);
  const context = usePreviewContent(props, {});
  if (!context || props.sourceHtml === undefined) return <Waiting />;
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
        <div
          dangerouslySetInnerHTML={{ __html: fillTokens(props.sourceHtml, values, escapeHtml) }}
        />
      </LegalDocument>
    </>
  );
}

function TenantPreview(props: BridgedProps) {
  const page = entryData<WithBody<TenantPage>>(props);
  const context = usePreviewContent(props, {});
  if (!context || props.sourceHtml === undefined) return <Waiting />;
  const values = tokenValues(context.company, context.figures);
  return (
    <>
      <TenantNotice {...page.landingNotice} path={page.path} />
      <LegalDocument title={page.title} updatedAt={String(page.updatedAt)}>
        <TenantContact {...context.company} />
        <div
          dangerouslySetInnerHTML={{ __html: fillTokens(props.sourceHtml, values, escapeHtml) }}
        />
      </LegalDocument>
    </>
  );
}

type PreviewRegistry = { registerPreviewTemplate(name: string, component: unknown): void };

export function registerPagePreviews(cms: PreviewRegistry, decap: DecapGlobals): void {
  const body = (props: PreviewProps) => props.widgetFor("body");
  // Files collections are named by file.
  cms.registerPreviewTemplate(
    "accessibility",
    bridgedPreview(
      decap,
      preview((props) => <AccessibilityPreview {...props} />),
      body,
    ),
  );
  cms.registerPreviewTemplate(
    "tenants",
    bridgedPreview(
      decap,
      preview((props) => <TenantPreview {...props} />),
      body,
    ),
  );
}
