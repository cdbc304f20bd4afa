// The CSS Modules PostCSS plugins css-loader runs, which ship no types of their own.
declare module "postcss-modules-local-by-default" {
  import type { PluginCreator } from "postcss";
  const plugin: PluginCreator<{ mode?: "local" | "global" | "pure" }>;
  export default plugin;
}

declare module "postcss-modules-scope" {
  import type { PluginCreator } from "postcss";
  const plugin: PluginCreator<{
    generateScopedName?: (localName: string, file: string, css: string) => string;
  }>;
  export default plugin;
}

declare module "icss-utils" {
  import type { Root } from "postcss";
  export function extractICSS(
    root: Root,
    removeRules?: boolean,
  ): { icssImports: Record<string, Record<string, string>>; icssExports: Record<string, string> };
}
