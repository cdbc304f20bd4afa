// The admin's previews: the entry being edited, drawn by the site's own section components,
// with the other content it needs (labels, figures, company details) read from the same backend.
import React, { Component, useEffect, useState, type ComponentType, type ReactNode } from "react";
import Approach from "../components/approach/approach";
import CallToAction from "../components/call-to-action/call-to-action";
import Channels from "../components/channels/channels";
import ComplementaryServices from "../components/complementary-services/complementary-services";
import Guarantees from "../components/guarantees/guarantees";
import Hero from "../components/hero/hero";
import LegalDocument from "../components/legal/legal-document";
import Process from "../components/process/process";
import References from "../components/references/references";
import Results from "../components/results/results";
import TestimonialCarousel from "../components/testimonials/testimonial-carousel";
import type { CompanyDetails, Figures } from "../shared/content-model/schemas";
import { fillTokens, fillTokensDeep, tokenValues } from "../shared/content-model/tokens";
import type { LandingCopy } from "../hooks/use-landing-copy";
import type { ImmutableMap, PreviewProps } from "./cms-types";
import { bridgedPreview, type BridgedProps, type DecapGlobals } from "./preview-bridge";
type Loaded = { landing?: LandingCopy; figures?: Figures; company?: CompanyDetails };

export const entryData = <T,>(props: PreviewProps): T =>
  (props.entry.get("data") as ImmutableMap).toJS() as T;

/** Another file's content, read once through the admin's backend. */
function useFileData<T>(props: PreviewProps, collection: string, own?: T): T | undefined {
  const [data, setData] = useState<T>();
  const { getCollection } = props;
  useEffect(() => {
    if (own) return;
    let active = true;
    getCollection(collection, collection).then(
      (entry) => {
        const map = (Array.isArray(entry) ? entry[0] : entry) as ImmutableMap | undefined;
        // An Immutable map whose data, unlike the edited entry's, is a plain object.
        const data: unknown = map?.get("data");
        if (active && data) setData(data as T);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [getCollection, collection, own]);
  return own ?? data;
}

/** The other content a preview draws with: the landing copy, the figures, the company. */
export function usePreviewContent(props: PreviewProps, own: Loaded): Required<Loaded> | undefined {
  const landing = useFileData<LandingCopy>(props, "landing", own.landing);
  const figures = useFileData<Figures>(props, "figures", own.figures);
  const company = useFileData<CompanyDetails>(props, "company", own.company);
  if (!landing || !figures || !company) return undefined;
  return { landing, figures, company };
}

/** A half-typed entry (an empty number, a list being added to) must not blank the admin. */
class PreviewBoundary extends Component<
  { entry: unknown; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  // Each edit gives the preview another try.
  override componentDidUpdate(previous: { entry: unknown }) {
    if (this.state.failed && previous.entry !== this.props.entry) this.setState({ failed: false });
  }
  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" style={{ padding: "2rem" }}>
          Aperçu indisponible : un champ est vide ou mal rempli. Corrigez-le, l'aperçu reviendra.
        </p>
      );
    }
    return this.props.children;
  }
}

export const Waiting = () => <p style={{ padding: "2rem" }}>Chargement de l'aperçu…</p>;

export function preview(render: (props: BridgedProps) => ReactNode): ComponentType<BridgedProps> {
  function Preview(props: BridgedProps) {
    return <PreviewBoundary entry={props.entry}>{render(props)}</PreviewBoundary>;
  }
  return Preview;
}

function FiguresPreview(props: PreviewProps) {
  const figures = entryData<Figures>(props);
  const context = usePreviewContent(props, { figures });
  if (!context) return <Waiting />;
  const copy = fillTokensDeep(context.landing, tokenValues(context.company, figures));
  return (
    <>
      <Channels
        {...copy.channels}
        channels={figures.channels}
        combinedContactRate={figures.combinedContactRate}
        sources={figures.sources}
      />
      <Results copy={copy.results} figures={figures} />
    </>
  );
}

function LandingPreview(props: PreviewProps) {
  const own = entryData<LandingCopy>(props);
  const context = usePreviewContent(props, { landing: own });
  if (!context) return <Waiting />;
  const { figures, company } = context;
  const copy = fillTokensDeep(own, tokenValues(company, figures));
  return (
    <>
      <Hero {...copy.hero} image={undefined} />
      <Approach {...copy.approach} />
      <ComplementaryServices {...copy.complementaryServices} />
      <Guarantees {...copy.guarantees} />
      <Channels
        {...copy.channels}
        channels={figures.channels}
        combinedContactRate={figures.combinedContactRate}
        sources={figures.sources}
      />
      <Results copy={copy.results} figures={figures} />
      <Process {...copy.process} />
      <CallToAction {...copy.cta} phone={company.phone} />
    </>
  );
}

function TestimonialPreview(props: PreviewProps) {
  const { role, body } = entryData<{ role: string; body: string }>(props);
  const context = usePreviewContent(props, {});
  if (!context) return <Waiting />;
  return (
    <TestimonialCarousel
      title={context.landing.testimonials.title}
      testimonials={[{ id: "apercu", role, quote: body.trim() }]}
    />
  );
}

function ClientPreview(props: PreviewProps) {
  const { name } = entryData<{ name: string }>(props);
  const context = usePreviewContent(props, {});
  if (!context) return <Waiting />;
  const values = tokenValues(context.company, context.figures);
  const heading = fillTokensDeep(context.landing.references, values);
  return <References {...heading} clients={[{ id: "apercu", name }]} />;
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The body as Decap drew it (its Markdown, sanitised), tokens filled as the build fills them. */
function LegalPreview(props: BridgedProps) {
  const page = entryData<{ title: string; updatedAt: string }>(props);
  const context = usePreviewContent(props, {});
  if (!context || props.sourceHtml === undefined) return <Waiting />;
  const values = tokenValues(context.company, context.figures);
  return (
    <LegalDocument
      title={page.title}
      updatedAt={String(page.updatedAt)}
      html={fillTokens(props.sourceHtml, values, escapeHtml)}
    />
  );
}

function CompanyPreview(props: PreviewProps) {
  const company = entryData<CompanyDetails>(props);
  const context = usePreviewContent(props, { company });
  if (!context) return <Waiting />;
  const copy = fillTokensDeep(context.landing.cta, tokenValues(company, context.figures));
  const details: [string, string][] = [
    ["Dénomination", company.name],
    ["Forme juridique", company.legalForm],
    ["Capital social", company.shareCapital],
    ["Siège social", company.headOffice],
    ["Immatriculation (RCS / SIREN)", company.siren],
    ["Numéro de TVA intracommunautaire", company.vatNumber],
    ["Directeur de la publication", company.publicationDirector],
    ["Déclaration au procureur de la République", company.prosecutorDeclarationDate],
    ["Assurance RCP", `${company.insurer}, contrat ${company.insurancePolicy}`],
    ["Banque du compte dédié", company.dedicatedAccountBank],
    ["Carte professionnelle", `${company.carteGNumber ?? "—"}, ${company.carteGChamber ?? "—"}`],
    ["Garant financier", `${company.guarantor ?? "—"} (${company.guaranteeAmount ?? "—"})`],
    ["Hébergeur", `${company.hostName}, ${company.hostAddress}, ${company.hostPhone}`],
  ];
  return (
    <>
      <CallToAction {...copy} phone={company.phone} />
      <LegalDocument
        title="Mentions légales (extrait)"
        updatedAt={new Date().toISOString().slice(0, 10)}
      >
        <ul>
          {details.map(([label, value]) => (
            <li key={label}>
              <strong>{label}</strong> : {value}
            </li>
          ))}
        </ul>
      </LegalDocument>
    </>
  );
}

type PreviewRegistry = { registerPreviewTemplate(name: string, component: unknown): void };

/** Registers each collection's preview with Decap (files collections by file name). */
export function registerPreviews(cms: PreviewRegistry, decap: DecapGlobals): void {
  const register = (
    name: string,
    draw: (props: BridgedProps) => ReactNode,
    source?: (props: PreviewProps) => unknown,
  ) => cms.registerPreviewTemplate(name, bridgedPreview(decap, preview(draw), source));
  register("figures", (props) => <FiguresPreview {...props} />);
  register("landing", (props) => <LandingPreview {...props} />);
  register("company", (props) => <CompanyPreview {...props} />);
  register("testimonials", (props) => <TestimonialPreview {...props} />);
  register("clients", (props) => <ClientPreview {...props} />);
  register(
    "legal",
    (props) => <LegalPreview {...props} />,
    (props) => props.widgetFor("body"),
  );
}
