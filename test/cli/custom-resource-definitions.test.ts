// CustomResourceDefinitions and their custom resources through the `platlint` process: a
// definition is checked as the API server admits it (the crd/* rules), and custom resources
// against a definition given with --crd, on create and on an update (--old).
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const GOOD_CRD = `apiVersion: apiextensions.plat.io/v1
kind: CustomResourceDefinition
metadata: {name: gauges.lab.example.com}
spec:
  group: lab.example.com
  scope: Namespaced
  names: {plural: gauges, singular: gauge, kind: Gauge, listKind: GaugeList}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [unit]
              x-kubernetes-validations:
                - rule: self.min < self.max
                  message: min must be below max
              properties:
                unit:
                  type: string
                  x-kubernetes-validations:
                    - rule: self == oldSelf
                      message: the unit cannot change
                min: {type: integer, default: 0}
                max: {type: integer, maximum: 1000, default: 100}
                capacity:
                  type: integer
                  x-kubernetes-validations:
                    - rule: "!oldSelf.hasValue() || self >= oldSelf.value()"
                      optionalOldSelf: true
                      message: the capacity cannot shrink
                contact: {type: string, format: email}
                weight: {type: string, format: quantity}
                serial:
                  type: string
                  x-kubernetes-validations:
                    - rule: "oldSelf.hasValue() || self.startsWith('sn-')"
                      optionalOldSelf: true
                      message: a new serial starts with sn-
`;

const gauge = (spec: string, name = 'g1'): string =>
  `apiVersion: lab.example.com/v1\nkind: Gauge\nmetadata: {name: ${name}, namespace: lab}\nspec: ${spec}\n`;

const BAD_CRD = `apiVersion: apiextensions.plat.io/v1
kind: CustomResourceDefinition
metadata: {name: dials.lab.example.com}
spec:
  group: lab
  scope: Namespaced
  names: {plural: dials, singular: dial, kind: Dial, listKind: DialList}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                angle: {type: integer}
              x-kubernetes-validations:
                - rule: "self.angle <= 'far'"
                  message: too far
                - rule: "self.angle >"
                  message: broken
            status:
              properties:
                seen: {type: boolean}
`;

describe('a CustomResourceDefinition the server would refuse', () => {
  const dir = tempDir({ 'dial.yaml': BAD_CRD });
  const { status, report, stderr } = lintJson(['dial.yaml'], { cwd: dir });
  const found = allDiagnostics(report);

  it('fails with each refusal, and no stack trace', () => {
    expect(status).toBe(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(
      found
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.ruleId} @ ${d.path}`)
        .sort(),
    ).toEqual([
      'crd/names @ metadata.name',
      'crd/names @ spec.group',
      'crd/structural-schema @ spec.versions[0].schema.openAPIV3Schema.properties.status.type',
    ]);
  });

  it('leaves the rules of a schema that is not structural uncompiled, as the server does', () => {
    expect(found.some((d) => d.ruleId === 'crd/validation-rules')).toBe(false);
  });

  it('places compile errors on the rule text once the schema is structural', () => {
    const fixed = BAD_CRD.replace('group: lab\n', 'group: lab.example.com\n').replace(
      '            status:\n              properties:',
      '            status:\n              type: object\n              properties:',
    );
    const d2 = tempDir({ 'dial.yaml': fixed });
    const run = lintJson(['dial.yaml'], { cwd: d2 });
    const rules = allDiagnostics(run.report).filter((d) => d.ruleId === 'crd/validation-rules');
    expect(run.status).toBe(1);
    expect(rules.map((d) => d.path)).toContain(
      'spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[1].rule',
    );
    const broken = rules.find((d) => d.path.endsWith('[1].rule'));
    const text = fixed.split('\n')[(broken?.range.start.line ?? 0) - 1] ?? '';
    // The finding sits inside the quoted rule, not on the key.
    expect(text).toContain('self.angle >');
    expect(broken?.range.start.column).toBeGreaterThan(text.indexOf('"'));
    expect(broken?.message).toContain('`self.angle >`');
  });
});

describe('custom resources checked against a definition given with --crd', () => {
  const dir = tempDir({
    'crd.yaml': GOOD_CRD,
    'good.yaml': gauge('{unit: celsius, min: -10, max: 50}'),
    'bad.yaml': `${gauge('{unit: celsius, min: 60, max: 50}')}---\n${gauge('{unit: celsius, max: 5000}', 'g2')}`,
    'live.yaml': gauge('{unit: celsius, min: 0, max: 10}'),
    'changed.yaml': gauge('{unit: kelvin, min: 0, max: 10}'),
    'same-unit.yaml': gauge('{unit: celsius, min: 0, max: 20}'),
    'new-serial.yaml': gauge('{unit: celsius, capacity: 5, serial: sn-1}'),
    'old-serial.yaml': gauge('{unit: celsius, capacity: 5, serial: x-1}'),
    'shrunk.yaml': gauge('{unit: celsius, capacity: 4, serial: x-1}'),
    'grown.yaml': gauge('{unit: celsius, capacity: 6, serial: x-1}'),
    'formats.yaml': `${gauge('{unit: celsius, contact: "Ops <ops@example.com>", weight: heavy}')}---\n${gauge('{unit: celsius, contact: ops-at-example.com}', 'g2')}`,
  });

  it('passes a valid custom resource', () => {
    const { status, report } = lintJson(['good.yaml', '--crd', 'crd.yaml'], { cwd: dir });
    expect(allDiagnostics(report)).toEqual([]);
    expect(status).toBe(0);
  });

  it('refuses a failed x-kubernetes-validations rule and a schema violation', () => {
    const { status, report } = lintJson(['bad.yaml', '--crd', 'crd.yaml'], { cwd: dir });
    expect(status).toBe(1);
    const found = allDiagnostics(report).map((d) => `${d.document} ${d.ruleId} @ ${d.path}: ${d.message}`);
    expect(found).toEqual([
      '0 custom-resource/validation-rules @ spec: min must be below max',
      expect.stringMatching(/^1 schema\/range @ spec\.max: /),
    ]);
  });

  it('refuses an update that breaks a transition rule (--old), and passes one that keeps it', () => {
    const changed = lintJson(['changed.yaml', '--crd', 'crd.yaml', '--old', 'live.yaml'], { cwd: dir });
    expect(changed.status).toBe(1);
    expect(allDiagnostics(changed.report).map((d) => `${d.ruleId} @ ${d.path}: ${d.message}`)).toEqual([
      'custom-resource/validation-rules @ spec.unit: the unit cannot change',
    ]);
    const kept = lintJson(['same-unit.yaml', '--crd', 'crd.yaml', '--old', 'live.yaml'], { cwd: dir });
    expect(allDiagnostics(kept.report)).toEqual([]);
    expect(kept.status).toBe(0);
  });

  it('runs optionalOldSelf rules on a create, with no old value, and on an update (--old)', () => {
    const created = lintJson(['new-serial.yaml', '--crd', 'crd.yaml'], { cwd: dir });
    expect(allDiagnostics(created.report)).toEqual([]);
    expect(created.status).toBe(0);
    const badCreate = lintJson(['old-serial.yaml', '--crd', 'crd.yaml'], { cwd: dir });
    expect(badCreate.status).toBe(1);
    expect(allDiagnostics(badCreate.report).map((d) => `${d.ruleId} @ ${d.path}: ${d.message}`)).toEqual([
      'custom-resource/validation-rules @ spec.serial: a new serial starts with sn-',
    ]);

    const shrunk = lintJson(['shrunk.yaml', '--crd', 'crd.yaml', '--old', 'old-serial.yaml'], { cwd: dir });
    expect(shrunk.status).toBe(1);
    expect(allDiagnostics(shrunk.report).map((d) => `${d.ruleId} @ ${d.path}: ${d.message}`)).toEqual([
      'custom-resource/validation-rules @ spec.capacity: the capacity cannot shrink',
    ]);
    const grown = lintJson(['grown.yaml', '--crd', 'crd.yaml', '--old', 'old-serial.yaml'], { cwd: dir });
    expect(allDiagnostics(grown.report)).toEqual([]);
    expect(grown.status).toBe(0);
  });

  it('checks a string format as the server does (net/mail for email), and not one the server leaves unchecked (quantity)', () => {
    const { status, report } = lintJson(['formats.yaml', '--crd', 'crd.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(allDiagnostics(report).map((d) => `${d.document} ${d.ruleId} @ ${d.path}: ${d.message}`)).toEqual([
      '1 schema/format @ spec.contact: "ops-at-example.com" is not an email address',
    ]);
  });

  it('refuses a definition whose default fails a CEL rule on a create (optionalOldSelf sees no old value)', () => {
    const withDefault = GOOD_CRD.replace(
      '                weight: {type: string, format: quantity}\n',
      '                weight: {type: string, format: quantity}\n                label:\n                  type: string\n                  default: tmp\n                  x-kubernetes-validations:\n                    - {rule: "oldSelf.hasValue() || self != \'tmp\'", optionalOldSelf: true, message: no temporary label on a create}\n',
    );
    expect(withDefault).not.toBe(GOOD_CRD);
    const defaults = tempDir({ 'crd.yaml': withDefault });
    const { status, report } = lintJson(['crd.yaml'], { cwd: defaults });
    expect(status).toBe(1);
    expect(allDiagnostics(report).map((d) => `${d.ruleId} @ ${d.path}: ${d.message}`)).toEqual([
      'crd/defaults @ spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.label.default: the default fails a validation rule: no temporary label on a create',
    ]);
  });

  it('lints the definition itself without an error', () => {
    const { status, stdout } = runCli(['lint', 'crd.yaml'], { cwd: dir });
    expect(stdout).not.toMatch(/error/);
    expect(status).toBe(0);
  });
});
