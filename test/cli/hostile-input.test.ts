// Crafted YAML through the real CLI (issue 11): deep nesting, brackets in comments,
// suppressions smuggled through data, keys named like Object.prototype members.
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const lintOne = (content: string, args: string[] = []): ReturnType<typeof lintJson> => {
  const dir = tempDir({ 'm.yaml': content });
  return lintJson([...args, 'm.yaml'], { cwd: dir });
};

const brief = (r: ReturnType<typeof lintJson>): string[] =>
  r.report.files.flatMap((f) => f.diagnostics.map((d) => `${d.document}:${d.range.start.line}:${d.ruleId}`));

const unknownField = manifests.validDeployment('third').replace('  replicas: 2', '  replicaz: 2');

describe('deep block nesting', () => {
  // 2,000 levels in 4 KB: `- - - - … x` on one line, and mappings nested line by line.
  const deepSequence = `${'- '.repeat(2000)}x\n`;
  const deepMapping = Array.from({ length: 400 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n';

  for (const [name, deep, line] of [
    ['sequences', deepSequence, 1],
    ['mappings', deepMapping, 257],
  ] as const) {
    it(`block ${name} nested past the limit are a yaml/syntax error where it is crossed; the other documents are linted`, () => {
      const text = `${manifests.validDeployment('first')}---\n${deep}---\n${unknownField}`;
      const r = lintOne(text);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      const syntax = r.report.files[0]!.diagnostics.filter((d) => d.ruleId === 'yaml/syntax');
      expect(syntax).toHaveLength(1);
      expect(syntax[0]).toMatchObject({
        document: 1,
        severity: 'error',
        message: expect.stringContaining('nested more than 256'),
      });
      expect(syntax[0]!.range.start.line).toBe(18 + line);
      expect(brief(r)).toContain(`2:${18 + (deep.match(/\n/g)?.length ?? 0) + 2 + 5}:schema/unknown-field`);
    });
  }

  it('nesting up to the limit is read as usual', () => {
    const text = `${manifests.validDeployment('first')}---\n${'- '.repeat(256)}x\n`;
    const r = lintOne(text);
    expect(r.report.files[0]!.diagnostics.map((d) => d.ruleId)).toEqual(['document/not-manifest']);
  });
});

describe('flow-depth guard', () => {
  it('brackets inside comments and quoted strings do not count as nesting', () => {
    const text = `# ${'['.repeat(300)}\n${manifests.validDeployment()}`.replace(
      '  name: web\n',
      `  name: web\n  annotations:\n    a: "${'{'.repeat(300)}"\n    b: '${'['.repeat(300)}'\n`,
    );
    const r = lintOne(text);
    expect(r.report.files[0]!.diagnostics).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('real flow nesting past the limit is still refused, at the line where it is crossed', () => {
    const r = lintOne(`${manifests.validDeployment()}---\na: 1\nb: ${'['.repeat(300)}${']'.repeat(300)}\n`);
    const syntax = r.report.files[0]!.diagnostics.filter((d) => d.ruleId === 'yaml/syntax');
    expect(syntax.map((d) => `${d.document}:${d.range.start.line}:${d.range.start.column}`)).toEqual(['1:20:259']);
  });
});

describe('suppressions come from comments only', () => {
  const withAnnotations = (annotations: string): string =>
    unknownField.replace('  name: third\n', `  name: third\n  annotations:\n${annotations}`);

  it('# platlint-disable inside a quoted value hides nothing', () => {
    const r = lintOne(
      withAnnotations('    runbook: "see the runbook # platlint-disable --"\n    other: \'x # platlint-disable-next-line\'\n'),
    );
    expect(brief(r)).toEqual(['0:9:schema/unknown-field']);
  });

  it('a block scalar line starting with # is data, not a suppression', () => {
    const r = lintOne(withAnnotations('    notes: |\n      first line\n      # platlint-disable\n'));
    expect(brief(r)).toEqual(['0:10:schema/unknown-field']);
  });

  it('a multi-line quoted value whose second line starts with # is data', () => {
    const r = lintOne(withAnnotations('    notes: "first line\n      # platlint-disable"\n'));
    expect(brief(r)).toEqual(['0:9:schema/unknown-field']);
  });

  it('a real comment still suppresses', () => {
    const r = lintOne(withAnnotations('    notes: "a" # platlint-disable schema/unknown-field -- legacy\n'));
    expect(brief(r)).toEqual([]);
  });
});

describe('keys named like Object.prototype members are ordinary keys', () => {
  const text = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: a
  __proto__: {polluted: yes}
  constructor: {x: 1}
spec:
  __proto__:
    replicas: "x"
  prototype: 2
  selector: {matchLabels: {a: b}}
  template:
    metadata: {labels: {a: b}}
    spec:
      containers: [{name: a, image: a, toString: 1}]
`;
  it('each is reported as an unknown field by its own name, and nothing reaches the prototype', () => {
    const r = lintOne(text);
    const found = r.report.files[0]!.diagnostics.map((d) => `${d.range.start.line}:${d.ruleId}:${d.message}`);
    expect(found).toEqual([
      '5:schema/unknown-field:unknown field "__proto__"',
      '6:schema/unknown-field:unknown field "constructor"',
      '8:schema/unknown-field:unknown field "__proto__"',
      '10:schema/unknown-field:unknown field "prototype"',
      '15:schema/unknown-field:unknown field "toString"',
    ]);
    expect(r.stdout).not.toContain('polluted');
    expect(r.stdout).not.toContain('replicas');
  });

  it('the same keys through the yaml composer (a tag sends the document there)', () => {
    const r = lintOne(text.replace('  name: a', '  name: !!str a'));
    expect(r.report.files[0]!.diagnostics.map((d) => `${d.range.start.line}:${d.message}`)).toContain(
      '8:unknown field "__proto__"',
    );
    expect(r.stdout).not.toContain('polluted');
  });
});

describe('run-time CEL cost through platlint mutate', () => {
  const doubling = (steps: number): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: doubling}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  reinvocationPolicy: Never
  variables:
    - {name: l0, expression: "[1, 2]"}
${Array.from({ length: steps }, (_, i) => `    - {name: l${i + 1}, expression: "variables.l${i} + variables.l${i}"}`).join('\n')}
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: 'Object{spec: Object.spec{replicas: size(variables.l${steps})}}'
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: doubling}
spec: {policyName: doubling}
`;

  it('a list doubled thirty times through variables is stopped by the budget, within 512 MB of heap', () => {
    const dir = tempDir({ 'state/policy.yaml': doubling(30), 'deployment.yaml': manifests.validDeployment() });
    const r = runCli(['mutate', '--state', 'state', 'deployment.yaml'], {
      cwd: dir,
      env: { NODE_OPTIONS: '--max-old-space-size=512' },
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain('operation cancelled: actual cost limit exceeded');
    expect(r.stderr).not.toMatch(/heap out of memory|\n\s+at /);
  });
});

describe('keys named like Object.prototype members through platlint mutate', () => {
  // Map literals written by a policy (an apply configuration and a JSON patch value) and
  // labels of the object read by CEL hold the three keys as ordinary keys.
  const policy = `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: proto}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  reinvocationPolicy: Never
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration:
        expression: >-
          Object{metadata: Object.metadata{annotations: {"__proto__": "x", "constructor": string(object.metadata.labels["constructor"]),
          "prototype": string(size(object.metadata.labels)), "has-proto": string("__proto__" in object.metadata.labels)}}}
    - patchType: JSONPatch
      jsonPatch:
        expression: '[JSONPatch{op: "add", path: "/spec/template/metadata/annotations", value: {"__proto__": "a", "constructor": "b", "ok": "c"}}]'
---
apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: proto}
spec: {policyName: proto}
`;
  const deployment = manifests
    .validDeployment()
    .replace('  name: web\n', '  name: web\n  labels:\n    app: web\n    __proto__: p\n    constructor: c\n');

  it('are written and read as ordinary keys', () => {
    expect(deployment).toContain('  __proto__: p\n');
    const dir = tempDir({ 'state/policy.yaml': policy, 'deployment.yaml': deployment });
    const r = runCli(['mutate', '--state', 'state', 'deployment.yaml', '--format', 'json'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      metadata: { labels: object; annotations: object };
      spec: { template: { metadata: { annotations: object } } };
    };
    expect(Object.entries(out.metadata.annotations)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'c'],
      ['prototype', '3'],
      ['has-proto', 'true'],
    ]);
    expect(Object.keys(out.metadata.labels)).toEqual(['app', '__proto__', 'constructor']);
    expect(Object.entries(out.spec.template.metadata.annotations)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['ok', 'c'],
    ]);
  });
});
