import { describe, expect, it } from 'vitest';
import { readPolicy } from '../state/defaults.js';
import { policy } from '../test-support/objects.js';
import { compilePolicy } from './compile.js';

const compiled = (object: ReturnType<typeof policy>) => compilePolicy(readPolicy(object));

describe('compiling a policy in the environments the schema tree names', () => {
  it('gives each place its environment: variables for mutations, none for match conditions, a result type per field', () => {
    const outcome = compiled(
      policy({
        variables: [{ name: 'team', expression: '"platform"' }],
        matchConditions: [{ name: 'labelled', expression: 'has(object.metadata.labels)' }],
        mutations: [
          { patchType: 'ApplyConfiguration', expression: 'Object{metadata: Object.metadata{labels: {"team": variables.team}}}' },
          { patchType: 'JSONPatch', expression: '[JSONPatch{op: "add", path: "/metadata/labels/x", value: variables.team}]' },
        ],
      }),
    );
    expect(outcome.ok, outcome.ok ? '' : outcome.message).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.compiled.variables.map((v) => v.program.type)).toEqual(['string']);
    expect(outcome.compiled.mutations.map((m) => m.patchType)).toEqual(['ApplyConfiguration', 'JSONPatch']);
  });

  it('refuses what the environment of the field refuses, naming the field', () => {
    const outcome = compiled(
      policy({
        matchConditions: [{ name: 'v', expression: 'variables.team == "x"' }],
        variables: [{ name: 'team', expression: '"a"' }],
        mutations: [{ patchType: 'JSONPatch', expression: 'Object{}' }],
      }),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message).toMatch(/^compilation failed: spec\.matchConditions\[0\]\.expression: .*variables/);
    expect(outcome.message).toContain('spec.mutations[0].jsonPatch.expression: ');
  });

  it('compiles a policy of another version of the group, whose CEL fields are the same', () => {
    const object = {
      ...policy({ mutations: [{ patchType: 'ApplyConfiguration', expression: 'Object{}' }] }),
      apiVersion: 'admissionregistration.plat.io/v1beta1',
    };
    expect(compiled(object).ok).toBe(true);
  });
});
