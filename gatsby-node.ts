// Content model and pages: typed nodes made from the Markdown in `content/`, checked at build.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode, Node } from "gatsby";
import type { GraphQLObjectType, GraphQLResolveInfo } from "graphql";
import sharp from "sharp";
import {
  checkBody,
  checkFrontmatter,
  contentKinds,
  findPlaceholders,
  findUnknownTokens,
  isContentKind,
  knownTokenNames,
  type ContentKind,
} from "./src/content-model/check";
import { fillTokens, tokenValues } from "./src/content-model/tokens";
import { finishBuiltPages } from "./src/lib/built-pages";
import { favicon } from "./src/lib/favicon";
import { robotsTxt } from "./src/lib/search-engines";
import { cmsConnectOrigins, cmsSettings } from "./src/cms/settings";
import { writeHostHeaders } from "./src/lib/security-headers";
import { precompressBuild } from "./src/build/precompress";
import { siteUrl } from "./src/lib/site-url";

type FileNode = Node & { sourceInstanceName: string; absolutePath: string };
type MarkdownNode = Node & { frontmatter?: Record<string, unknown>; rawMarkdownBody?: string };

const relativeToSite = (absolutePath: string) => path.relative(__dirname, absolutePath);

type ContentFile = {
  kind: ContentKind;
  file: FileNode;
  relativePath: string;
  fields: Record<string, unknown>;
  problems: string[];
};

/** A Markdown file of content/, its fields as the typed node will hold them, and its problems. */
function readContentFile(markdown: MarkdownNode, getNode: (id: string) => Node | undefined) {
  const file = markdown.parent ? (getNode(markdown.parent) as FileNode | undefined) : undefined;
  if (!file || !isContentKind(file.sourceInstanceName)) return undefined;
  const kind = file.sourceInstanceName;
  const relativePath = relativeToSite(file.absolutePath);
  // gatsby-transformer-remark adds an empty `title` to every file; only the files we read count.
  const { title, ...rest } = markdown.frontmatter ?? {};
  const frontmatter = title === "" ? rest : { title, ...rest };

  const body = markdown.rawMarkdownBody?.trim() ?? "";
  const problems = [
    ...checkFrontmatter(kind, frontmatter, relativePath),
    ...checkBody(kind, body, relativePath),
  ];
  const fields =
    kind === "testimonials"
      ? { ...frontmatter, quote: body }
      : kind === "legal"
        ? { ...frontmatter, updatedAt: String(frontmatter.updatedAt).slice(0, 10) }
        : frontmatter;
  return { kind, file, relativePath, fields, problems } satisfies ContentFile;
}

export const onCreateNode: GatsbyNode["onCreateNode"] = ({
  node,
  actions,
  getNode,
  createNodeId,
  createContentDigest,
}) => {
  if (node.internal.type !== "MarkdownRemark") return;
  const content = readContentFile(node as MarkdownNode, getNode);
  // A file with problems makes no node; createPages reports it with all the others.
  if (!content || content.problems.length > 0) return;

  const { kind, fields } = content;
  const child = {
    ...fields,
    id: createNodeId(`${node.id} >>> ${contentKinds[kind].nodeType}`),
    parent: node.id,
    children: [],
    internal: { type: contentKinds[kind].nodeType, contentDigest: createContentDigest(fields) },
  };
  actions.createNode(child);
  actions.createParentChildLink({ parent: node, child: child as unknown as Node });
};

// The schema is declared rather than inferred, so a field missing from every file is still
// queryable and the generated types carry no `| null` for what the build guarantees.
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SiteSiteMetadata { siteUrl: String!, copyrightYear: Int! }

    # Frontmatter is read through the typed nodes below, never queried raw: inferring it would
    # only warn that one kind's \`channels\` (a list) is another kind's (a group of fields).
    type MarkdownRemark implements Node @dontInfer { frontmatter: MarkdownRemarkFrontmatter }
    type MarkdownRemarkFrontmatter @dontInfer { title: String }

    type CompanyDetails implements Node @dontInfer {
      name: String!
      legalForm: String!
      shareCapital: String!
      headOffice: String!
      phone: String!
      email: String!
      dpoEmail: String!
      siren: String!
      vatNumber: String!
      publicationDirector: String!
      carteGNumber: String!
      carteGChamber: String!
      guarantor: String!
      guaranteeAmount: String!
      insurer: String!
      hostName: String!
      hostAddress: String!
      hostPhone: String!
    }

    type Channel { name: String!, icon: String!, rate: Float!, description: String! }
    type DelayBand { days: Int!, share: Float! }
    type Figures implements Node @dontInfer {
      recoveryRate: Float!
      amicableRate: Float!
      preLitigationRate: Float!
      averageDelayDays: Float!
      casesPerMonth: Int!
      averageRecoveredAmount: Float!
      averageServiceCost: Float!
      combinedContactRate: Float!
      takeoverHours: Int!
      firstContactHours: Int!
      quoteReplyHours: Int!
      channels: [Channel!]!
      delayBands: [DelayBand!]!
    }

    type Testimonial implements Node @dontInfer { order: Int!, role: String!, quote: String! }
    type ClientReference implements Node @dontInfer { order: Int!, name: String! }

    type LegalPage implements Node @dontInfer {
      title: String!
      path: String!
      description: String!
      updatedAt: Date! @dateformat
      "The body as HTML, with company details filled in."
      html: String!
    }

    type LandingItem { icon: String!, title: String!, text: String! }
    type LandingStep { title: String!, text: String! }
    type LandingSeo { title: String!, description: String! }
    type LandingHero {
      eyebrow: String!
      title: String!
      lead: String!
      primaryCta: String!
      secondaryCta: String!
      image: File! @fileByRelativePath
      imageAlt: String!
      highlights: [String!]!
    }
    type LandingCards { title: String!, intro: String!, cards: [LandingItem!]! }
    type LandingItems { title: String!, intro: String!, items: [LandingItem!]! }
    type LandingHeading { title: String!, intro: String! }
    type LandingChannels {
      title: String!
      intro: String!
      chartCaption: String!
      combinedLabel: String!
    }
    type LandingResults {
      title: String!
      intro: String!
      recoveryLabel: String!
      amicableLabel: String!
      preLitigationLabel: String!
      delayLabel: String!
      casesLabel: String!
      amountLabel: String!
      costLabel: String!
      ratioLabel: String!
      bandsTitle: String!
    }
    type LandingTitle { title: String! }
    type LandingProcess { title: String!, intro: String!, steps: [LandingStep!]! }
    type LandingCta { title: String!, text: String!, phoneLabel: String! }
    type LandingContact { title: String!, intro: String!, points: [String!]! }
    type LandingFooter { tagline: String! }
    type LandingCopy implements Node @dontInfer {
      seo: LandingSeo!
      hero: LandingHero!
      approach: LandingCards!
      services: LandingItems!
      guarantees: LandingItems!
      channels: LandingChannels!
      results: LandingResults!
      references: LandingHeading!
      testimonials: LandingTitle!
      process: LandingProcess!
      cta: LandingCta!
      contact: LandingContact!
      footer: LandingFooter!
    }
  `);
};

// The part of Gatsby's resolver context used here; Gatsby does not export its type.
type ResolverContext = {
  nodeModel: {
    getNodeById(args: { id: string | null }): Node | null;
    findOne(args: { type: string }): Promise<Node | null>;
  };
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    LegalPage: {
      html: {
        // The Markdown's own HTML resolver, then the company's details in place of their tokens.
        async resolve(
          source: Node,
          args: unknown,
          context: ResolverContext,
          info: GraphQLResolveInfo,
        ) {
          const markdown = context.nodeModel.getNodeById({ id: source.parent });
          const markdownType = info.schema.getType("MarkdownRemark") as GraphQLObjectType;
          const html = (await markdownType
            .getFields()
            .html?.resolve?.(markdown, args, context, info)) as string;
          const company = await context.nodeModel.findOne({ type: "CompanyDetails" });
          const figures = await context.nodeModel.findOne({ type: "Figures" });
          if (!company || !figures) return html;
          return fillTokens(html, tokenValues(company, figures), escapeHtml);
        },
      },
    },
  });
};

export const createPages: GatsbyNode["createPages"] = async ({
  actions,
  graphql,
  reporter,
  getNode,
  getNodesByType,
}) => {
  // Every build and every content edit under `gatsby develop` checks all files afresh: nodes
  // restored from Gatsby's cache never pass through onCreateNode again.
  const strict = process.env.CONTENT_STRICT === "1";
  const files = getNodesByType("MarkdownRemark")
    .map((markdown) => readContentFile(markdown as MarkdownNode, getNode))
    .filter((content) => content !== undefined);
  const problems = files.flatMap((content) => content.problems);

  for (const [folder, kind] of Object.entries(contentKinds)) {
    const count = getNodesByType(kind.nodeType).length;
    const reported = files.some((content) => content.kind === folder && content.problems.length);
    if (count === 0 && !reported) {
      problems.push(`content/${folder}/ : aucun fichier, attendu au moins un fichier .md`);
    }
    if (kind.single && count > 1) {
      problems.push(`content/${folder}/ : ${count} fichiers, attendu un seul`);
    }
  }

  const known = knownTokenNames();
  const placeholders: string[] = [];
  for (const { file, relativePath } of files) {
    const source = readFileSync(file.absolutePath, "utf8");
    for (const { line, text } of findUnknownTokens(source, known)) {
      problems.push(
        `${relativePath}:${line} : ${text} ne correspond à aucune coordonnée ni aucun chiffre`,
      );
    }
    for (const { line, text } of findPlaceholders(source)) {
      placeholders.push(`${relativePath}:${line} : ${text}`);
    }
  }

  if (placeholders.length > 0) {
    const heading = `${placeholders.length} contenu(s) encore à compléter :`;
    if (strict) {
      problems.push(`${heading} (CONTENT_STRICT=1 interdit de les publier)`, ...placeholders);
    } else {
      reporter.warn([heading, ...placeholders].join("\n"));
    }
  }

  // A build stops here; `gatsby develop` shows the errors and keeps serving what is valid.
  if (problems.length > 0) {
    reporter.panicOnBuild(
      [
        "Le contenu de content/ comporte des erreurs :",
        ...problems.map((line) => `  - ${line}`),
      ].join("\n"),
    );
  }

  const result = await graphql<Queries.LegalPagePathsQuery>(`
    query LegalPagePaths {
      allLegalPage {
        nodes {
          id
          path
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Impossible de lire les pages légales", result.errors);
    return;
  }

  const legalTemplate = path.resolve("src/templates/legal-page.tsx");
  for (const { id, path: pagePath } of result.data.allLegalPage.nodes) {
    actions.createPage({ path: pagePath, component: legalTemplate, context: { id } });
  }

  // The footer's contact link: the landing page, opened at its form.
  actions.createPage({
    path: "/contact",
    component: path.resolve("src/pages/index.tsx"),
    context: { scrollTo: "contact" },
  });
};

// Every component's CSS is a module with its own class names, so the order in which
// mini-css-extract-plugin joins them into one stylesheet does not matter: its "conflicting
// order" warnings would only hide real ones.
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  plugins,
}) => {
  if (stage !== "build-javascript" && stage !== "develop") return;
  const config = getConfig() as {
    plugins: { constructor: { name: string }; options?: object }[];
    optimization?: { splitChunks?: { cacheGroups?: Record<string, unknown> } };
    resolve: { alias?: Record<string, string | false> };
  };
  for (const plugin of config.plugins) {
    if (plugin.constructor.name === "MiniCssExtractPlugin" && plugin.options) {
      Object.assign(plugin.options, { ignoreOrder: true });
    }
  }
  // Gatsby gathers every page's CSS into one stylesheet, inlined into every page: a legal page
  // would carry all the landing page's section styles. Without that group, each page inlines
  // the CSS of the components it renders, and the layout's CSS goes with the app bundle.
  const cacheGroups = config.optimization?.splitChunks?.cacheGroups;
  if (stage === "build-javascript" && cacheGroups) delete cacheGroups.styles;
  // Nearly every function of the bundles runs while the page starts and hydrates. With this
  // compile hint (Chromium 136 and later; others ignore it) V8 compiles them on a background
  // thread while the file downloads, instead of one by one on the main thread when first called:
  // the start-up task on a slow phone is about a third shorter. Added after minification (webpack's
  // asset stage 400, which would strip the comment) and before the source maps (stage 500), which
  // then count its line.
  if (stage === "build-javascript") {
    config.plugins.push(
      plugins.banner({
        banner: "//# allFunctionsCalledOnLoad",
        raw: true,
        test: /\.js$/,
        stage: 450,
      }),
    );
  }
  // The admin plugin's browser hook only serves Netlify Identity sign-up links, which this site
  // does not use: keep it out of the visitor's JavaScript (its dynamic require also warns).
  config.resolve.alias = {
    ...config.resolve.alias,
    [path.join(__dirname, "node_modules/gatsby-plugin-decap-cms/gatsby-browser.js")]: false,
  };
  actions.replaceWebpackConfig(config);
};

// Drawn for `gatsby develop` as well as for builds: the pages link it from their head.
// Rendered large, then scaled down, for smooth edges.
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async () => {
  const publicDir = path.join(__dirname, "public");
  mkdirSync(publicDir, { recursive: true });
  await sharp(path.join(__dirname, favicon.source), { density: 300 })
    .resize(favicon.size, favicon.size)
    .png()
    .toFile(path.join(publicDir, favicon.href));
};

// The built pages finished (see built-pages.ts), then files for crawlers and the host: robots.txt
// names the sitemap at SITE_URL; the headers' script hashes are taken from the HTML as served.
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const publicDir = path.join(__dirname, "public");
  const finished = finishBuiltPages(publicDir);
  reporter.info(`Pages finished (NUL bytes, bundles after first paint): ${finished.length}`);
  writeFileSync(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl(process.env.SITE_URL)));
  const rules = writeHostHeaders(
    publicDir,
    process.env.GATSBY_API_URL,
    cmsConnectOrigins(cmsSettings(process.env)),
  );
  reporter.info(`public/_headers and public/nginx-headers.conf: ${rules.length} rules`);
  return precompressBuild(publicDir, reporter);
};
