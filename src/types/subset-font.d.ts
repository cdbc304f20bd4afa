// subset-font ships no types; the part of its API the build uses (src/build/font-subset.ts).
declare module "subset-font" {
  type Options = {
    targetFormat?: "woff2" | "woff" | "sfnt" | "truetype";
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    noLayoutClosure?: boolean;
    preserveNameIds?: number[];
  };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: Options,
  ): Promise<Buffer>;
}
