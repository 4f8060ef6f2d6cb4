import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { FS_KIND } from './shape.js';
import { isObject, listAt, nameOf, objAt } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import docs from './builtin-schema.md';

/** The one rule both built-in schemas carry: everything, resource or not, cluster-wide or not. */
const everything = (groups: string[]) => [
  {
    subjects: groups.map((name) => ({ kind: 'Group', group: { name } })),
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
  },
];

interface BuiltIn {
  matchingPrecedence: number;
  priorityLevel: string;
  distinguisher: string | undefined;
  rules: unknown[];
}

/** The specs the server insists on for the two mandatory schemas (after defaulting). */
const BUILT_INS: Record<string, BuiltIn> = {
  exempt: { matchingPrecedence: 1, priorityLevel: 'exempt', distinguisher: undefined, rules: everything(['system:masters']) },
  'catch-all': {
    matchingPrecedence: 10000,
    priorityLevel: 'catch-all',
    distinguisher: 'ByUser',
    rules: everything(['system:unauthenticated', 'system:authenticated']),
  },
};

/**
 * Canonical form of a rules list for comparison: empty lists count as absent and a false
 * clusterScope as unset, as the server's own comparison treats them; order is kept, since
 * the server compares lists in order.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(canonical);
  if (!isObject(value)) return value;
  const out: Obj = {};
  for (const key of Object.keys(value).sort()) {
    const inner = canonical(value[key]);
    if (inner === undefined || inner === null || (key === 'clusterScope' && inner === false)) continue;
    out[key] = inner;
  }
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export default defineRule({
  meta: {
    id: 'flowschema/builtin-schema',
    description: 'The built-in "exempt" and "catch-all" FlowSchemas must keep their fixed specs.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, FlowSchema)',
    fixable: true,
    docs,
    messages: {
      precedence: '{{where}} must have matchingPrecedence {{matchingPrecedence}}, not {{precedence}}',
      priorityLevel: '{{where}} must use the priority level "{{priorityLevel}}", not "{{level}}"',
      noDistinguisher: '{{where}} has no distinguisherMethod; remove it',
      distinguisher: '{{where}} must distinguish flows by "{{distinguisher}}", not "{{type}}"',
      setDistinguisher: '{{where}} must set distinguisherMethod: {type: {{distinguisher}}}',
      oneRule:
        '{{where}} must have exactly one rule: the group{{plural}} {{groups}} with verbs, apiGroups, resources and namespaces ["*"], clusterScope true, and nonResourceURLs ["*"]',
    },
  },
  check(context) {
    const name = nameOf(context.value);
    const builtIn = name === undefined ? undefined : BUILT_INS[name];
    const spec = objAt(context.value, 'spec');
    if (!builtIn || !spec) return;
    const where = `the built-in "${name}" FlowSchema`;
    // A missing field is named by its own path and placed on the nearest key that exists.
    const at = (field: string): { path: FieldPath; target?: 'key' } =>
      spec[field] === undefined ? { path: ['spec', field], target: 'key' } : { path: ['spec', field] };

    const precedence = context.effective(['spec', 'matchingPrecedence']);
    if (typeof precedence === 'number' && precedence !== builtIn.matchingPrecedence) {
      const fix = spec.matchingPrecedence === undefined ? undefined : { text: String(builtIn.matchingPrecedence) };
      context.report({
        ...at('matchingPrecedence'),
        messageId: 'precedence',
        data: { where, matchingPrecedence: builtIn.matchingPrecedence, precedence },
        ...(fix ? { fix } : {}),
      });
    }

    const level = objAt(spec, 'priorityLevelConfiguration')?.name;
    if (typeof level === 'string' && level !== builtIn.priorityLevel) {
      context.report({
        path: ['spec', 'priorityLevelConfiguration', 'name'],
        messageId: 'priorityLevel',
        data: { where, priorityLevel: builtIn.priorityLevel, level },
        fix: { text: builtIn.priorityLevel },
      });
    }

    const method = objAt(spec, 'distinguisherMethod');
    const type = method?.type;
    if (builtIn.distinguisher === undefined && method !== undefined) {
      context.report({ path: ['spec', 'distinguisherMethod'], target: 'key', messageId: 'noDistinguisher', data: { where } });
    } else if (builtIn.distinguisher !== undefined && type !== builtIn.distinguisher) {
      if (typeof type === 'string')
        context.report({
          path: ['spec', 'distinguisherMethod', 'type'],
          messageId: 'distinguisher',
          data: { where, distinguisher: builtIn.distinguisher, type },
          fix: { text: builtIn.distinguisher },
        });
      else if (method === undefined)
        context.report({
          ...at('distinguisherMethod'),
          messageId: 'setDistinguisher',
          data: { where, distinguisher: builtIn.distinguisher },
        });
    }

    const rules = spec.rules;
    if (rules !== undefined && rules !== null && !Array.isArray(rules)) return; // schema/type
    if (!same(listAt(spec, 'rules') ?? [], builtIn.rules)) {
      const groups = builtIn.rules.flatMap((r) =>
        (r as { subjects: { group: { name: string } }[] }).subjects.map((s) => `"${s.group.name}"`),
      );
      context.report({
        ...at('rules'),
        messageId: 'oneRule',
        data: { where, plural: groups.length > 1 ? 's' : '', groups: groups.join(' and ') },
      });
    }
  },
});
