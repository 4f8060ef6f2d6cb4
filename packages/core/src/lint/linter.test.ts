import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import { defineRule } from '../rules/rule.js';
import type { Rule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';
import { lintFiles } from './linter.js';

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
`;

function lint(yaml: string, rules: Rule[] = []) {
  const config = defaultConfig(process.cwd());
  const [result] = lintFiles({ files: [SourceFile.fromText('test.yaml', yaml)], rules, configFor: () => config });
  return result?.diagnostics ?? [];
}

describe('reportMissing', () => {
  const rule = defineRule({
    meta: { id: 'test/missing', description: 'test rule for missing fields', kinds: ['Deployment.apps'], severity: 'error', enforcedBy: 'server', source: 'test', docs: 'test rule for missing fields' },
    check(context) {
      context.reportMissing(['spec', 'template', 'spec', 'serviceAccountName'], 'no service account');
      context.reportMissing(['spec', 'strategy', 'rollingUpdate', 'maxSurge'], 'no surge', { severity: 'warning' });
    },
  });

  it('keeps the missing field path and points at the nearest existing key', () => {
    const found = lint(deployment, [rule]).filter((d) => d.ruleId === 'test/missing');
    expect(found.map((d) => [d.path, d.severity, d.range.start.line, d.range.start.column])).toEqual([
      ['spec.strategy.rollingUpdate.maxSurge', 'warning', 5, 1],
      ['spec.template.spec.serviceAccountName', 'error', 9, 5],
    ]);
  });
});
