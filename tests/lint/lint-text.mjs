// @ts-check
// Lints snippets with ESLint's Node API and the repository's eslint.config.mjs, in a process of
// its own: jest runs modules as CommonJS, where ESLint cannot import an ES module config.
// Reads [{ filePath, code }] as JSON on stdin; writes, for each, the rules that report an error.
import { text } from "node:stream/consumers";
import { ESLint } from "eslint";

/** @type {{ filePath: string, code: string }[]} */
const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
const failed = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath });
  failed.push(
    (result?.messages ?? [])
      .filter((message) => message.severity === 2)
      .map((message) => message.ruleId ?? message.message),
  );
}
process.stdout.write(JSON.stringify(failed));
