// The part of `process` that exists in browser code (tsconfig.browser.json): webpack and the
// islands' build (plugins/gatsby-plugin-islands) replace `process.env.GATSBY_*` and
// `process.env.NODE_ENV` by their values when they bundle, Gatsby's documented way of giving the
// browser its settings. Nothing else of Node's `process` is there.
declare const process: {
  readonly env: {
    readonly NODE_ENV: string;
    readonly [setting: `GATSBY_${string}`]: string | undefined;
  };
};
