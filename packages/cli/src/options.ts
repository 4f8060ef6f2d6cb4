import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/** A mistake on the command line: reported with the usage text, exit status 2. */
export class UsageError extends Error {}

/** What a command declares: its options, and whether it takes operands (it does unless it says `false`). */
type CommandSyntax = Pick<ParseArgsConfig, 'options' | 'allowPositionals'>;

/** The config parseStrict hands to parseArgs, spelled as a type so the option types flow to the caller. */
type StrictConfig<T extends CommandSyntax> = {
  args: string[];
  strict: true;
  options: T['options'];
  allowPositionals: T['allowPositionals'] extends false ? false : true;
};

/**
 * A command's options and operands, parsed strictly: an unknown option (or an operand where the command
 * takes none) is a usage error with parseArgs's own message. Generic as parseArgs is, so `values.format`
 * is a string where the command declared `type: 'string'`, without a cast.
 */
export function parseStrict<T extends CommandSyntax>(
  argv: readonly string[],
  syntax: T,
): ReturnType<typeof parseArgs<StrictConfig<T>>> {
  const config = {
    args: [...argv],
    strict: true,
    options: syntax.options,
    allowPositionals: syntax.allowPositionals !== false,
  } as StrictConfig<T>;
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
