// webpack emits a font file into public/static and gives its URL.
declare module "*.woff2" {
  const url: string;
  export default url;
}
