// `/validate`: the linter's rules on the object of an admission request, so the cluster
// rejects what `platlint lint` and the editor would flag as an error.
import { defaultConfig, lintFiles, SourceFile, type Config, type Diagnostic } from '@platlint/core';
import { rules } from '@platlint/rules';
import type { AdmissionRequest, AdmissionResult } from '../types.js';

export interface Findings {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

function line(d: Diagnostic): string {
  return `${d.path === '' ? '' : `${d.path}: `}${d.message} (${d.ruleId})`;
}

/** Lints one object as the CLI would lint a file holding it, under `config` (severities, feature gates, release). */
export function lintObject(object: unknown, name: string, config: Config = defaultConfig(process.cwd())): Findings {
  // The JSON value itself is linted: a trip through YAML text would retype strings and keys.
  const file = SourceFile.fromValue(name, object);
  // The object comes from the requester, not from the repository: nothing in it may switch a rule off.
  const [result] = lintFiles({ files: [file], rules, configFor: () => config, inlineSuppressions: false });
  const diagnostics = result?.diagnostics ?? [];
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
