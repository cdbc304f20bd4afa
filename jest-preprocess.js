// babel-jest with Gatsby's own preset, so tests compile TypeScript and JSX as the site does.
const babelOptions = { presets: ["babel-preset-gatsby", "@babel/preset-typescript"] };
module.exports = require("babel-jest").default.createTransformer(babelOptions);
