// What a visitor typed, made inert for a chat channel: shown as typed, never read as markup.
// Slack reads its `text` and mrkdwn as markup (`<!channel>`, `<@U123>`, `<url|text>`, `*bold*`)
// and turns addresses into links by itself; Teams reads Markdown in an Adaptive Card's TextBlock
// and facts (`[x](y)`, `**`, `_`, lists) and links addresses too. The organisation is the only
// field an alert carries (chat-alerts.ts), but the form's rules are not what keeps it inert here:
// a lead imported or typed before a rule existed reaches the same code.

/**
 * U+2060 WORD JOINER: invisible, not a space. Put between two characters, it keeps them from
 * reading as one token, which is how Slack, with no escape for its formatting marks, and a link
 * finder, with no way to be told, are kept from reading a visitor's text as theirs.
 */
const joiner = "\u2060";

/** Every kind of line break, which would let a visitor's text start a line of its own. */
const lineBreaks = /[\r\n\v\f\u0085\u2028\u2029]+/g;

/**
 * What a client turns into a link on its own: a scheme (`https://`, `mailto:`), `www.`, and a
 * dot between two letters or digits (a domain, an email address). A joiner before the colon or
 * the dot leaves no address to find.
 */
function unlinked(text: string): string {
  return text
    .replace(/:(?=\/\/)|(?<=\bmailto):/giu, `${joiner}:`)
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, `${joiner}.`);
}

/** One line, with a joiner on each side of each of `marks`, and none of them first. */
function unmarked(text: string, marks: RegExp): string {
  return `${joiner}${text.replace(lineBreaks, " ").replace(marks, `${joiner}$&${joiner}`)}`;
}

/**
 * For Slack's `text` and mrkdwn: `&`, `<` and `>` escaped, as Slack's « Formatting text »
 * documents (no mention, channel or link can then be written), formatting marks kept from pairing
 * (`*`, `_`, `~`, `` ` ``), `@` and `#` from naming someone or a channel, no line of its own (a
 * `>` quote, a list) and no address to link.
 */
export function slackInert(text: string): string {
  const escaped = unlinked(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return unmarked(escaped, /[*_~`@#]/g);
}

/**
 * For an Adaptive Card in Teams: its Markdown's marks kept apart (`*`, `_`, `[`, `]`, `(`, `)`,
 * `` ` ``, `#`, `~`, and `<`, which opens an `<at>` mention), on one line that no list or heading
 * starts, with no address to link. chat-alerts.ts also puts it in a TextRun, which Adaptive Cards
 * render without Markdown: this holds where a client reads more than the schema says.
 */
export function teamsInert(text: string): string {
  return unmarked(unlinked(text), /[*_[\]()`#~<]/g);
}
