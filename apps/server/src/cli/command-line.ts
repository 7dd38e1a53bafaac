// The operator commands' command line (create-admin, import): options read by node:util's
// parseArgs, `--help` answered with the usage, and a mistake with its message and the usage on
// standard error and exit code 2. Callers name `fail` with its type written out, so that
// TypeScript narrows after a call to it (`const fail: (message: string) => never = …`).
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

export function readCommandLine<const O extends Options, const P extends boolean>(
  usage: string,
  options: O,
  allowPositionals: P,
) {
  function fail(message: string): never {
    console.error(`${message}\n\n${usage}`);
    process.exit(2);
  }
  let parsed;
  try {
    parsed = parseArgs<{ options: O & typeof HELP; allowPositionals: P }>({
      options: { ...options, ...HELP },
      allowPositionals,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return { values: parsed.values, positionals: parsed.positionals, fail };
}
