import type { IGatsbyImageData } from "gatsby-plugin-image";
import React from "react";
import { Helmet } from "react-helmet-async";

type HeroPictureProps = { image: IGatsbyImageData; alt: string; className?: string };

// The width from which the illustration stands beside the hero's text, in the first screen
// (the grid of hero.module.css). Below it, on phones, the illustration comes after the text,
// under the fold: loaded lazily, it is asked for once the page is laid out, and no longer
// competes with the font and the text for the first round trips of a slow connection (beside
// the text, the preload below has fetched it first).
const besideTheText = "(min-width: 960px)";

// The formats and widths come from gatsby-plugin-image at build time; the element is a plain
// <picture>. The plugin's own component loads a copy of React's server renderer in the browser
// (about 18 kB compressed) to swap placeholders, which an image shown at once does not need.
// Where it is in the first screen it is the largest element: the head asks for it at high
// priority, in the first format of the <picture> (AVIF), before the parser reaches it.
// Attribute names are the HTML ones: the head is the server's HTML, written by react-helmet-async.
function preloadWhereBesideTheText(source: { srcSet: string; sizes?: string; type?: string }) {
  return {
    rel: "preload",
    as: "image",
    type: source.type,
    imagesrcset: source.srcSet,
    imagesizes: source.sizes,
    media: besideTheText,
    fetchpriority: "high",
  } as Record<string, string>;
}

/** The hero's illustration, in the best format the browser takes, at the size of its slot. */
export default function HeroPicture({ image, alt, className }: HeroPictureProps) {
  const { fallback, sources = [] } = image.images;
  const firstSource = sources[0];
  return (
    <picture className={className}>
      {firstSource && (
        <Helmet>
          <link {...preloadWhereBesideTheText(firstSource)} />
        </Helmet>
      )}
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
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
