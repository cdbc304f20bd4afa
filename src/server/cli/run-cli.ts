import { oneLine } from "../one-line";

/**
 * Runs a command line's `main` on its arguments (`npm run leads`, `npm run site`) and exits with
 * the code it resolves to; an error it did not expect is one line on the error output, code 1.
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(oneLine(error));
      process.exitCode = 1;
    },
  );
}
