// Gatsby's runtime is not present under jest: `graphql` tags are inert, and tests give
// `useStaticQuery` the data a page would have, or render components from plain props.
const gatsby = jest.requireActual("gatsby");

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  useStaticQuery: jest.fn(),
};
