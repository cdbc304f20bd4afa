// Gatsby's runtime is not present under jest: `graphql` tags are inert (components get plain
// props or mocked hooks), and `Link` renders the anchor a visitor would follow.
const React = require("react");
const gatsby = jest.requireActual("gatsby");

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn(({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, ref, replace, to, ...rest }) =>
    React.createElement("a", { ...rest, href: to }),
  ),
  Slice: jest.fn(),
  navigate: jest.fn(),
  useStaticQuery: jest.fn(),
};
