import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { CRD } from './shape.js';
import { dns1035Problem, dns1123SubdomainProblem } from '../kit/names.js';
import { objAt, stringAt } from '../kit/objects.js';
import docs from './names.md';

export default defineRule({
  meta: {
    id: 'crd/names',
    description:
      'A CustomResourceDefinition is named <plural>.<group>; its group is a domain and its resource names are DNS labels.',
    kinds: [CRD],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'upstream (apiextensions-apiserver pkg/apis/apiextensions/validation validation.go: ValidateCustomResourceDefinition, validateCustomResourceDefinitionSpec, ValidateCustomResourceDefinitionNames)',
    docs,
    messages: {
      nameNotPluralDotGroup: 'must be spec.names.plural + "." + spec.group, "{{plural}}.{{group}}", not "{{name}}"',
      specMissing: 'a CustomResourceDefinition needs a spec: its group, names, scope and versions',
      groupMissing: 'spec.group must name the API group (a domain such as example.com)',
      badGroup: '"{{group}}" {{problem}}',
      groupWithoutDot: '"{{group}}" must be a domain with at least one dot, such as {{group}}.example.com',
      nameRequired: 'spec.names.{{field}} is required',
      badName: '"{{value}}" {{problem}}',
      kindIsListKind: 'kind and listKind may not be the same: the server could not tell an object from a list',
      badListedName: '"{{value}}" {{problem}}',
    },
  },
  check(context) {
    const crd = context.value;
    const spec = objAt(crd, 'spec');
    const names = objAt(spec, 'names');
    const group = stringAt(spec, 'group') ?? '';
    const plural = stringAt(names, 'plural') ?? '';
    const name = stringAt(objAt(crd, 'metadata'), 'name');
    if (name !== undefined && name !== `${plural}.${group}`)
      context.report({ path: ['metadata', 'name'], messageId: 'nameNotPluralDotGroup', data: { plural, group, name } });
    if (spec === undefined) return context.reportMissing(['spec'], { messageId: 'specMissing' });
    if (group === '') context.reportMissing(['spec', 'group'], { messageId: 'groupMissing' });
    else {
      const problem = dns1123SubdomainProblem(group);
      if (problem) context.report({ path: ['spec', 'group'], messageId: 'badGroup', data: { group, problem } });
      else if (!group.includes('.')) context.report({ path: ['spec', 'group'], messageId: 'groupWithoutDot', data: { group } });
    }
    const at = (...path: (string | number)[]): FieldPath => ['spec', 'names', ...path];
    // The server defaults singular (the kind, lowercased) and listKind (the kind + "List") before it
    // validates (upstream apiextensions v1 defaults.go, SetDefaults_CustomResourceDefinitionSpec).
    const defaulted: Record<string, string | undefined> = {
      singular: stringAt(names, 'kind')?.toLowerCase(),
      listKind: stringAt(names, 'kind') ? `${stringAt(names, 'kind')}List` : undefined,
    };
    for (const field of ['plural', 'singular', 'kind', 'listKind']) {
      const written = stringAt(names, field) ?? '';
      const value = written || (defaulted[field] ?? '');
      if (value === '') {
        context.reportMissing(at(field), { messageId: 'nameRequired', data: { field } });
        continue;
      }
      // A defaulted name is the kind's: its problems are the kind's, reported there.
      if (written === '') continue;
      // kind and listKind may mix case; the label rules apply to their lowercase form.
      const problem = dns1035Problem(field === 'kind' || field === 'listKind' ? value.toLowerCase() : value);
      if (problem)
        context.report({
          path: at(field),
          messageId: 'badName',
          data: { value, problem: field === 'kind' || field === 'listKind' ? `may mix case, but otherwise ${problem}` : problem },
        });
    }
    const kind = stringAt(names, 'kind');
    if (kind && kind === stringAt(names, 'listKind')) context.report({ path: at('listKind'), messageId: 'kindIsListKind' });
    for (const list of ['shortNames', 'categories']) {
      const values = names?.[list];
      if (!Array.isArray(values)) continue;
      values.forEach((value: unknown, i) => {
        const problem = typeof value === 'string' ? dns1035Problem(value) : undefined;
        if (problem) context.report({ path: at(list, i), messageId: 'badListedName', data: { value: String(value), problem } });
      });
    }
  },
});
