// `/validate`: the linter's rules on the object of an admission request, so the cluster
// rejects what `platlint lint` and the editor would flag as an error.
import { defaultConfig, type Config, type Diagnostic, type LintEngine } from '@platlint/core';
import { createLintEngine } from '@platlint/rules';
import type { JsonObject } from '../json.js';
import { definitionSources, sameCrds } from '../state/kinds.js';
import type { AdmissionAnswer, AdmissionRequest } from '../types.js';

export interface Findings {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

function line(d: Diagnostic): string {
  return `${d.path === '' ? '' : `${d.path}: `}${d.message} (${d.ruleId})`;
}

// One engine per configuration the server was started with, for the CRDs it last linted
// with: they change when the state or the cluster's definitions do, and a new engine
// (a catalog with their kinds) is built then only.
const engines = new WeakMap<Config, { crds: readonly JsonObject[]; engine: LintEngine }>();
let defaults: Config | undefined;

function engineFor(config: Config, crds: readonly JsonObject[]): LintEngine {
  let entry = engines.get(config);
  if (!entry || !sameCrds(entry.crds, crds)) {
    // Two definitions of one kind that differ: the first is kept, as the engine's kind lookup keeps it (state/kinds.ts).
    const engine = createLintEngine({
      cwd: config.root,
      config,
      definitions: definitionSources(crds),
      onDefinitionConflict: () => undefined,
    });
    engines.set(config, (entry = { crds, engine }));
  }
  return entry.engine;
}

/**
 * Lints one object as the CLI would lint a file holding it, under `config` (severities,
 * feature gates, release), with the kinds the CRDs define: a custom resource is checked
 * against its definition's schema.
 */
function lintObject(object: unknown, name: string, crds: readonly JsonObject[], config?: Config): Findings {
  defaults ??= defaultConfig(process.cwd());
  // The decoded value itself is linted (a trip through YAML text would retype strings and
  // keys), and nothing in it may switch a rule off: it comes from the requester.
  const diagnostics = engineFor(config ?? defaults, crds).lintValue(name, object).diagnostics;
  return {
    errors: diagnostics.filter((d) => d.severity === 'error'),
    warnings: diagnostics.filter((d) => d.severity === 'warning'),
  };
}

/**
 * Findings listed in an answer at most: in the message, and as causes or warnings. An object
 * with tens of thousands of unknown fields would otherwise get a denial of megabytes, which
 * the main thread must copy from the worker, log and send, and nobody reads.
 */
const LISTED_IN_MESSAGE = 10;
const LISTED_AS_ITEMS = 100;

/** The first `limit` lines, and a last one saying how many more there were. */
function listed(lines: string[], limit: number, what: string): string[] {
  if (lines.length <= limit) return lines;
  return [...lines.slice(0, limit), `... and ${lines.length - limit} more ${what}`];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The validating answer: denied with the error findings as the message, warnings passed on. `crds`: the definitions of the state or the cluster. */
export function validateRequest(
  request: AdmissionRequest & { uid: string },
  crds: readonly JsonObject[],
  config?: Config,
): AdmissionAnswer {
  const base = { uid: request.uid, patch: [], auditAnnotations: {} };
  // DELETE and CONNECT carry no object to judge.
  if (request.object === undefined) return { ...base, allowed: true, warnings: [] };
  const name = `${request.kind.kind}/${request.namespace ? `${request.namespace}/` : ''}${request.name ?? ''}`;
  const { errors, warnings } = lintObject(request.object, name, crds, config);
  const warningLines = listed(warnings.map(line), LISTED_AS_ITEMS, 'warnings');
  if (errors.length === 0) return { ...base, allowed: true, warnings: warningLines };
  const messages = errors.map(line);
  return {
    ...base,
    allowed: false,
    warnings: warningLines,
    status: {
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: `platlint found ${plural(errors.length, 'error')} in ${name}: ${listed(messages, LISTED_IN_MESSAGE, 'errors').join('; ')}`,
      details: { causes: listed(messages, LISTED_AS_ITEMS, 'errors').map((message) => ({ message })) },
    },
  };
}
