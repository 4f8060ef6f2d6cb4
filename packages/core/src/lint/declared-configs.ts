/**
 * Files a configuration declares as API server configuration (`apiServerConfigs:`), checked
 * as the server reads them: each through the loader of its flag, which accepts its own kind
 * only. Another kind of the configuration group fails the type check after decoding (upstream
 * kube-apiserver `loadAuthenticationConfigFromData` and apiserver `load.LoadFromData`:
 * "expected AuthenticationConfiguration, got ..."; `egressselector.ReadEgressSelectorConfiguration`:
 * "unexpected config type"; `options.ReadTracingConfiguration` decodes into a
 * TracingConfiguration), and any other kind or group fails decoding, since the loaders' scheme
 * holds the configuration groups alone. Either way the server does not start.
 */
import { basename } from 'node:path';
import type { Declaration } from '../config/api-server-configs.js';
import type { Config } from '../config/config.js';
import type { Catalog } from '../kinds/catalog.js';
import type { SourceFile } from '../source/source-file.js';
import { configKindsOf } from './config-loading.js';

/** A document of a declared file that is not what the declaration says; always an error. */
export interface DeclaredProblem {
  document: number;
  /** The field to place it on, or undefined for the document as a whole. */
  field: 'apiVersion' | 'kind' | undefined;
  /** True when the field is not written. */
  missing: boolean;
  message: string;
}

/**
 * What is wrong with each document of a declared file, or nothing when every document is of
 * the declared kind and group (the configuration's loading rules then judge its version and
 * body as for any configuration file).
 */
export function declaredFileProblems(
  file: SourceFile,
  declarations: readonly Declaration[],
  config: Config,
  catalog: Catalog,
): DeclaredProblem[] {
  const where = config.file ? ` in ${basename(config.file)}` : '';
  const said = declarations.map((d) => `apiServerConfigs.${d.setting}`).join(' and ');
  const declaredAs = `the configuration (${said}${where}) declares this file as ${declarations.map((d) => withArticle(d.kind)).join(' and ')}`;
  const problems: DeclaredProblem[] = [];
  for (const doc of file.documents) {
    if (doc.broken || doc.value === null || doc.value === undefined) continue;
    const problem = (field: DeclaredProblem['field'], missing: boolean, message: string): void =>
      void problems.push({ document: doc.index, field, missing, message });
    if (declarations.length > 1) {
      problem(
        undefined,
        false,
        `${declaredAs}: the server reads each configuration from a file of its own, which holds that configuration's kind only`,
      );
      continue;
    }
    const [declared] = declarations as [Declaration];
    const expected = configKindsOf(catalog).filter((k) => k.kind === declared.kind);
    const versions = [...new Set(expected.map((k) => k.apiVersion))].join(', ');
    if (typeof doc.value !== 'object' || Array.isArray(doc.value)) {
      problem(undefined, false, `${declaredAs}, but document ${doc.index + 1} is not a mapping: the server cannot load it`);
      continue;
    }
    const { apiVersion, kind } = doc.value as Record<string, unknown>;
    const group = typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
    if (kind === declared.kind) {
      // A missing apiVersion, or an unknown version of the right group, is the loading rules' to report.
      if (typeof apiVersion === 'string' && apiVersion !== '' && !expected.some((k) => k.group === group)) {
        problem(
          'apiVersion',
          false,
          `${declaredAs}, which the server reads only from the group ${[...new Set(expected.map((k) => k.group))].join(', ')}: ${apiVersion} is no group/version its configuration loader knows; write apiVersion: ${versions}`,
        );
      }
    } else if (kind === undefined || kind === null || kind === '') {
      const hasVersion = typeof apiVersion === 'string' && apiVersion !== '';
      if (hasVersion) problem('kind', kind !== '', `kind is missing: ${declaredAs}; write kind: ${declared.kind}`);
      else
        problem(
          undefined,
          false,
          `${declaredAs}, but this document has neither apiVersion nor kind: write apiVersion: ${versions} and kind: ${declared.kind}`,
        );
    } else {
      const what =
        typeof kind === 'string'
          ? `${withArticle(kind)}${typeof apiVersion === 'string' && apiVersion ? ` (${apiVersion})` : ''}`
          : `of kind ${JSON.stringify(kind)}`;
      problem('kind', false, `${declaredAs}, but this document is ${what}: the server would refuse to load the file`);
    }
  }
  return problems;
}

function withArticle(kind: string): string {
  return `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind}`;
}
