// babel-jest with Gatsby's own preset, so tests compile TypeScript and JSX as the site does.
// Jest runs modules as CommonJS, where `import.meta` is a syntax error; webpack resolves
// `new URL("./x.worker.ts", import.meta.url)` (the quote form's worker, altcha-worker.ts) in
// `gatsby develop`, and in tests the module's own file URL stands in for it.
const importMetaUrl = ({ types: t }) => ({
  visitor: {
    MetaProperty(path) {
      const { parentPath } = path;
      if (
        !parentPath.isMemberExpression() ||
        !t.isIdentifier(parentPath.node.property, { name: "url" })
      )
        return;
      parentPath.replaceWithSourceString('require("node:url").pathToFileURL(__filename).href');
    },
  },
});
const babelOptions = {
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
  plugins: [importMetaUrl],
};
module.exports = require("babel-jest").default.createTransformer(babelOptions);
