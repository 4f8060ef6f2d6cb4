import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';

/**
 * Spec items of DeviceTaintRule that structural validation enforces: no rule of this area
 * repeats them, so these cases make sure the schema tree keeps stating them.
 */
function lint(yaml: string): { ruleId: string; path: string; message: string; severity: string }[] {
  const [result] = lintSources({
    files: [SourceFile.fromText('covered.yaml', yaml)],
    rules,
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? []).map(({ ruleId, path, message, severity }) => ({ ruleId, path, message, severity }));
}

function errors(yaml: string): ReturnType<typeof lint> {
  return lint(yaml).filter((d) => d.severity === 'error');
}

const rule = (taint: string, extra = ''): string => `apiVersion: resource.plat.io/v1
kind: DeviceTaintRule
metadata:
  name: gpu-maintenance
spec:
  deviceSelector:
    driver: gpu.example.com
  taint:
${taint}
${extra}`;

const condition = (i: number): string =>
  `    - {type: example.com/c${i}, status: "False", lastTransitionTime: "2026-07-24T08:00:00Z", reason: Unknown, message: c${i}}`;

describe('DeviceTaintRule items covered by structural validation', () => {
  it('has no finding on a complete rule', () => {
    expect(errors(rule('    key: example.com/maintenance\n    value: planned\n    effect: NoSchedule'))).toEqual([]);
  });

  it('taint.key must be a label name', () => {
    expect(lint(rule('    key: example.com/under maintenance\n    effect: NoSchedule'))).toContainEqual({
      ruleId: 'schema/format',
      path: 'spec.taint.key',
      severity: 'error',
      message: `"example.com/under maintenance" has a name part that is not alphanumerics with '-', '_' or '.' inside`,
    });
  });

  it('taint.key prefix must be a DNS subdomain', () => {
    expect(lint(rule('    key: Example.com/maintenance\n    effect: NoSchedule'))).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/format',
        path: 'spec.taint.key',
        message: '"Example.com/maintenance" has a prefix that has uppercase letters; a DNS subdomain is lowercase',
      }),
    );
  });

  it('taint.value must be a label value', () => {
    expect(
      lint(rule('    key: example.com/maintenance\n    value: planned maintenance!\n    effect: NoSchedule')),
    ).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/format',
        path: 'spec.taint.value',
        message: `"planned maintenance!" is not a label value: alphanumerics with '-', '_' or '.' inside`,
      }),
    );
  });

  it('taint.value is at most 63 characters', () => {
    const found = lint(rule(`    key: example.com/maintenance\n    value: ${'a'.repeat(64)}\n    effect: NoSchedule`));
    expect(found).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/length',
        path: 'spec.taint.value',
        message: 'is 64 characters long; must be at most 63',
      }),
    );
  });

  it('taint.key and taint.effect are required', () => {
    const found = lint(rule('    value: planned'));
    expect(found).toContainEqual(
      expect.objectContaining({ ruleId: 'schema/required', path: 'spec.taint.key', message: 'missing required field "key"' }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/required',
        path: 'spec.taint.effect',
        message: 'missing required field "effect"',
      }),
    );
  });

  it('spec.taint is required', () => {
    expect(lint(rule('    {}').replace('  taint:\n    {}\n', ''))).toContainEqual(
      expect.objectContaining({ ruleId: 'schema/required', path: 'spec.taint', message: 'missing required field "taint"' }),
    );
  });

  it('deviceSelector.driver must be a DNS subdomain', () => {
    const yaml = rule('    key: example.com/maintenance\n    effect: NoSchedule').replace(
      'driver: gpu.example.com',
      'driver: GPU_driver',
    );
    expect(lint(yaml)).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/format',
        path: 'spec.deviceSelector.driver',
        message: '"GPU_driver" has uppercase letters; a DNS subdomain is lowercase',
      }),
    );
  });

  it('deviceSelector.device must be a DNS label', () => {
    const yaml = rule('    key: example.com/maintenance\n    effect: NoSchedule').replace(
      'driver: gpu.example.com',
      'driver: gpu.example.com\n    device: gpu.3',
    );
    expect(lint(yaml)).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/format',
        path: 'spec.deviceSelector.device',
        message: `"gpu.3" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
      }),
    );
  });

  it('deviceSelector.pool is at most 253 characters', () => {
    const pool = Array.from({ length: 5 }, () => 'p'.repeat(60)).join('/');
    const yaml = rule('    key: example.com/maintenance\n    effect: NoSchedule').replace(
      'driver: gpu.example.com',
      `driver: gpu.example.com\n    pool: ${pool}`,
    );
    const found = lint(yaml);
    expect(found).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/length',
        path: 'spec.deviceSelector.pool',
        message: 'is 304 characters long; must be at most 253',
      }),
    );
    expect(found.filter((d) => d.ruleId === 'devicetaintrule/pool-name')).toEqual([]);
  });

  it('status.conditions is not limited in a manifest: the server drops status on create and update', () => {
    const nine = rule(
      '    key: example.com/maintenance\n    effect: NoExecute',
      `status:\n  conditions:\n${Array.from({ length: 9 }, (_, i) => condition(i)).join('\n')}\n`,
    );
    expect(errors(nine)).toEqual([]);
  });
});
