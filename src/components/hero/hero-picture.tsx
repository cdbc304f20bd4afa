import type { IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";

type HeroPictureProps = { image: IGatsbyImageData; alt: string; className?: string };

// The formats and widths come from gatsby-plugin-image at build time; the element is a plain
// <picture>. The plugin's own component loads a copy of React's server renderer in the browser
// (about 18 kB compressed) to swap placeholders, which an image shown at once does not need.
// Being the first image on the page, it is fetched at high priority and never lazily.
const highPriority = { fetchpriority: "high" } as Record<string, string>;

/** The hero's illustration, in the best format the browser takes, at the size of its slot. */
export default function HeroPicture({ image, alt, className }: HeroPictureProps) {
  const { fallback, sources = [] } = image.images;
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        decoding="async"
        {...highPriority}
      />
    </picture>
  );
}
