// The shapes of Decap CMS's configuration and preview API that this admin uses. Decap ships as a
// prebuilt bundle (decap-cms's dist/), whose types are not part of its published package.

/** One field of a collection, as Decap's configuration documents it. */
export type CmsField = {
  name: string;
  label: string;
  widget?: string;
  hint?: string;
  required?: boolean;
  pattern?: [string, string];
  fields?: CmsField[];
  field?: CmsField;
  [option: string]: unknown;
};

export type CmsCollection = {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
  create?: boolean;
  delete?: boolean;
  [option: string]: unknown;
};

export type CmsConfig = {
  load_config_file: false;
  /** The image on the sign-in screen. */
  logo_url?: string;
  locale: string;
  backend: Record<string, unknown>;
  local_backend?: { url: string };
  media_folder: string;
  public_folder: string;
  publish_mode: "simple" | "editorial_workflow";
  collections: CmsCollection[];
};

/** An Immutable.js map, as Decap hands entries to previews. */
export type ImmutableMap = {
  get(key: string): unknown;
  set(key: string, value: unknown): ImmutableMap;
  toJS(): unknown;
};

/** The props Decap gives a preview template. */
export type PreviewProps = {
  entry: ImmutableMap;
  widgetFor: (name: string, fields?: unknown, values?: unknown) => unknown;
  getCollection: (collection: string, slug?: string) => Promise<unknown>;
};
