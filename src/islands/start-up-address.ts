/**
 * Where every page's inline start fetches the start-up script from. The islands' build
 * (plugins/gatsby-plugin-islands) answers this module with the address of the file it built;
 * in the tests, the module beside this one.
 */
export const startUpScript: string = "./first-load";
