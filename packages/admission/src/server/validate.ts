// `/validate`: the linter's rules on the object of an admission request, so the cluster
// rejects what `platlint lint` and the editor would flag as an error.
import { defaultConfig, LintEngine, type Config, type Diagnostic } from '@platlint/core';
import { knownRuleIds, rules } from '@platlint/rules';
import type { AdmissionRequest, AdmissionResult } from '../types.js';

export interface Findings {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

function line(d: Diagnostic): string {
  return `${d.path === '' ? '' : `${d.path}: `}${d.message} (${d.ruleId})`;
}

// One engine per configuration the server was started with; it is looked up nowhere else.
const engines = new WeakMap<Config, LintEngine>();
let defaults: Config | undefined;

function engineFor(config: Config): LintEngine {
  let engine = engines.get(config);
  if (!engine) {
    engine = new LintEngine({ cwd: config.root, rules, knownRuleIds, config });
    engines.set(config, engine);
  }
  return engine;
}

/** Lints one object as the CLI would lint a file holding it, under `config` (severities, feature gates, release). */
function lintObject(object: unknown, name: string, config?: Config): Findings {
  defaults ??= defaultConfig(process.cwd());
  // The decoded value itself is linted (a trip through YAML text would retype strings and
  // keys), and nothing in it may switch a rule off: it comes from the requester.
  const diagnostics = engineFor(config ?? defaults).lintValue(name, object).diagnostics;
  return { errors: diagnostics.filter((d) => d.severity === 'error'), warnings: diagnostics.filter((d) => d.severity === 'warning') };
}

/** The validating answer: denied with every error finding as the message, warnings passed on. */
export function validateRequest(request: AdmissionRequest & { uid: string }, config?: Config): Pick<AdmissionResult, 'uid' | 'allowed' | 'patch' | 'warnings' | 'auditAnnotations' | 'status'> {
  const base = { uid: request.uid, patch: [], auditAnnotations: {} };
  // DELETE and CONNECT carry no object to judge.
  if (request.object === undefined) return { ...base, allowed: true, warnings: [] };
  const name = `${request.kind.kind}/${request.namespace ? `${request.namespace}/` : ''}${request.name ?? ''}`;
  const { errors, warnings } = lintObject(request.object, name, config);
  if (errors.length === 0) return { ...base, allowed: true, warnings: warnings.map(line) };
  const messages = errors.map(line);
  return {
    ...base,
    allowed: false,
    warnings: warnings.map(line),
    status: {
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: `platlint found ${errors.length} error${errors.length === 1 ? '' : 's'} in ${name}: ${messages.join('; ')}`,
      details: { causes: messages.map((message) => ({ message })) },
    },
  };
}
