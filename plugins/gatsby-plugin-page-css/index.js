// A Gatsby plugin: its hook is in gatsby-node.ts.
