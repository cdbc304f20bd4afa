// A Gatsby plugin: its hooks are in gatsby-node.ts and gatsby-ssr.tsx.
