// `platlint request METHOD URL`: checks an API request URL against the spec's operations and
// query-parameter rules, for scripts and runbooks. No request is sent anywhere. The checks sit
// beside this file (check.ts, operations.ts, parameters.ts): they judge a method and a URL, not
// a manifest, so they are no rule module.
import { METHODS } from './operations.js';
import { RequestUrlError, checkRequest, parseRequestUrl } from './check.js';
import type { RequestFinding } from './check.js';
import type { Io } from '../commands.js';
import { parseStrict, UsageError } from '../options.js';

export const REQUEST_USAGE = `Usage: platlint request METHOD URL [options]

Checks an API request: the path against the operations of the API, each query parameter
against the operation's parameter set and the rules of the parameter reference.
URL is an absolute http(s) URL or a path such as /apis/apps/v1/namespaces/NS/deployments;
quote it in the shell, since it holds '&' and '?'.

Options of request:
      --content-type TYPE  The request's Content-Type (PATCH: decides whether force is allowed,
                           e.g. application/apply-patch+yaml)
  -f, --format FORMAT      stylish (default: one finding a line) or json
  -h, --help               Show this help

Exit status: 0 clean, 1 findings, 2 usage error.
`;

const FORMATS = ['stylish', 'json'] as const;
type Format = (typeof FORMATS)[number];

interface RequestArgs {
  method: string;
  url: string;
  contentType: string | undefined;
  format: Format;
}

function parseRequestArgs(argv: readonly string[]): RequestArgs {
  const parsed = parseStrict(argv, {
    options: {
      'content-type': { type: 'string' },
      format: { type: 'string', short: 'f', default: 'stylish' },
    },
  });
  const [method, url, ...extra] = parsed.positionals;
  if (method === undefined || url === undefined)
    throw new UsageError('request needs a METHOD and a URL, e.g. `platlint request GET /api/v1/namespaces/default/events`');
  if (extra.length > 0)
    throw new UsageError(`request takes one METHOD and one URL; unexpected "${extra.join(' ')}" (quote a URL that holds '&')`);
  // A method outside the API's verbs is a typo in the command, not a finding about a request.
  const verb = method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(verb))
    throw new UsageError(`unknown method "${method}"; use ${METHODS.join(', ')}`);
  const format = parsed.values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`unknown format "${format}" for request; use ${FORMATS.join(' or ')}`);
  // A URL that cannot be read at all is a usage error too: there is no request to judge.
  try {
    parseRequestUrl(url);
  } catch (error) {
    if (error instanceof RequestUrlError) throw new UsageError(error.message);
    throw error;
  }
  return { method: verb, url, contentType: parsed.values['content-type'], format };
}

function stylish(findings: readonly RequestFinding[]): string {
  return findings
    .map((f) => `${f.parameter ?? 'url'}: ${f.severity === 'warning' ? 'warning: ' : ''}${f.message}  ${f.rule}\n`)
    .join('');
}

/** Runs `platlint request`; returns the exit status (usage errors are thrown as UsageError). */
export function requestCommand(argv: readonly string[], io: Io): number {
  const args = parseRequestArgs(argv);
  const findings = checkRequest(args.method, args.url, args.contentType === undefined ? {} : { contentType: args.contentType });
  if (args.format === 'json')
    io.stdout(`${JSON.stringify({ version: 1, method: args.method, url: args.url, findings }, null, 2)}\n`);
  else io.stdout(stylish(findings));
  return findings.length > 0 ? 1 : 0;
}
