// The WHATWG globals that browsers and Node both provide, for code that runs anywhere
// (tsconfig.shared.json): ES's own lib has none of them, and the DOM lib or @types/node would
// bring the whole of one side with them. Only what src/shared/ uses is declared.
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly origin: string;
  href: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  username: string;
  password: string;
  toString(): string;
}
