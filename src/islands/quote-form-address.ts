/**
 * Where the start-up script fetches the form's island from. The islands' build
 * (plugins/gatsby-plugin-islands) answers this module with the address of the file it built;
 * in the tests, the module beside this one.
 */
export const quoteFormIsland: string = "./quote-form";
