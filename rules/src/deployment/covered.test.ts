import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';

/**
 * Spec items of Deployment and its pod template that structural validation enforces (schema
 * required fields, enums, ranges, formats), so no deployment/* rule exists for them. Each
 * case breaks one item in an otherwise valid Deployment and expects the structural finding,
 * and no second finding for the same problem from a rule of this area.
 */
function deployment(edit: (lines: string) => string): string {
  return edit(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  revisionHistoryLimit: 5
  minReadySeconds: 5
  progressDeadlineSeconds: 300
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  selector:
    matchLabels: {app: web}
    matchExpressions:
    - {key: tier, operator: In, values: [front]}
  template:
    metadata: {labels: {app: web, tier: front}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        imagePullPolicy: IfNotPresent
        ports: [{name: http, containerPort: 8080, protocol: TCP}]
        env: [{name: MODE, value: fast}]
        volumeMounts: [{name: cache, mountPath: /cache}]
      volumes: [{name: cache, emptyDir: {}}]
`);
}

interface Case {
  item: string;
  yaml: string;
  ruleId: string;
  path: string;
  message: string;
}

const cases: Case[] = [
  {
    item: 'selector required',
    yaml: deployment((y) => y.replace(/ {2}selector:\n.*\n.*\n.*\n/, '')),
    ruleId: 'schema/required',
    path: 'spec.selector',
    message: 'missing required field "selector"',
  },
  {
    item: 'template required',
    yaml: deployment((y) => y.replace(/ {2}template:[^]*$/, '')),
    ruleId: 'schema/required',
    path: 'spec.template',
    message: 'missing required field "template"',
  },
  {
    item: 'selector operators',
    yaml: deployment((y) => y.replace('operator: In', 'operator: Equals')),
    ruleId: 'schema/enum',
    path: 'spec.selector.matchExpressions[0].operator',
    message: '"Equals" is not allowed here; use one of In, NotIn, Exists, DoesNotExist',
  },
  {
    item: 'selector keys are label keys',
    yaml: deployment((y) => y.replace('key: tier', 'key: "-tier"')),
    ruleId: 'schema/format',
    path: 'spec.selector.matchExpressions[0].key',
    message: `"-tier" has a name part that is not alphanumerics with '-', '_' or '.' inside`,
  },
  {
    item: 'strategy.type Recreate or RollingUpdate',
    yaml: deployment((y) => y.replace('type: RollingUpdate', 'type: BlueGreen')),
    ruleId: 'schema/enum',
    path: 'spec.strategy.type',
    message: '"BlueGreen" is not allowed here; use one of Recreate, RollingUpdate',
  },
  {
    item: 'maxSurge an integer or a percentage',
    yaml: deployment((y) => y.replace('maxSurge: 1', 'maxSurge: "-10%"')),
    ruleId: 'schema/format',
    path: 'spec.strategy.rollingUpdate.maxSurge',
    message: '"-10%" is neither an integer nor a percentage such as 25%',
  },
  {
    item: 'maxUnavailable an integer or a percentage',
    yaml: deployment((y) => y.replace('maxUnavailable: 0', 'maxUnavailable: "1.5"')),
    ruleId: 'schema/format',
    path: 'spec.strategy.rollingUpdate.maxUnavailable',
    message: '"1.5" is neither an integer nor a percentage such as 25%',
  },
  {
    item: 'replicas non-negative',
    yaml: deployment((y) => y.replace('replicas: 2', 'replicas: -1')),
    ruleId: 'schema/range',
    path: 'spec.replicas',
    message: '-1 is out of range: must be at least 0',
  },
  {
    item: 'revisionHistoryLimit non-negative',
    yaml: deployment((y) => y.replace('revisionHistoryLimit: 5', 'revisionHistoryLimit: -3')),
    ruleId: 'schema/range',
    path: 'spec.revisionHistoryLimit',
    message: '-3 is out of range: must be at least 0',
  },
  {
    item: 'minReadySeconds non-negative',
    yaml: deployment((y) => y.replace('minReadySeconds: 5', 'minReadySeconds: -5')),
    ruleId: 'schema/range',
    path: 'spec.minReadySeconds',
    message: '-5 is out of range: must be at least 0',
  },
  {
    item: 'progressDeadlineSeconds non-negative',
    yaml: deployment((y) => y.replace('progressDeadlineSeconds: 300', 'progressDeadlineSeconds: -300')),
    ruleId: 'schema/range',
    path: 'spec.progressDeadlineSeconds',
    message: '-300 is out of range: must be at least 0',
  },
  {
    item: 'containers required',
    yaml: deployment((y) => y.replace(/ {6}containers:\n(.*\n){6}/, '')),
    ruleId: 'schema/required',
    path: 'spec.template.spec.containers',
    message: 'missing required field "containers"',
  },
  {
    item: 'container name required',
    yaml: deployment((y) => y.replace('- name: web\n        image', '- image')),
    ruleId: 'schema/required',
    path: 'spec.template.spec.containers[0].name',
    message: 'missing required field "name"',
  },
  {
    item: 'imagePullPolicy values',
    yaml: deployment((y) => y.replace('IfNotPresent', 'IfMissing')),
    ruleId: 'schema/enum',
    path: 'spec.template.spec.containers[0].imagePullPolicy',
    message: '"IfMissing" is not allowed here; use one of Always, IfNotPresent, Never',
  },
  {
    item: 'imagePullPolicy case',
    yaml: deployment((y) => y.replace('IfNotPresent', 'ifnotpresent')),
    ruleId: 'schema/enum',
    path: 'spec.template.spec.containers[0].imagePullPolicy',
    message:
      '"ifnotpresent" is not allowed here; use one of Always, IfNotPresent, Never (values are case-sensitive: "IfNotPresent")',
  },
  {
    item: 'containerPort required',
    yaml: deployment((y) => y.replace('containerPort: 8080, ', '')),
    ruleId: 'schema/required',
    path: 'spec.template.spec.containers[0].ports[0].containerPort',
    message: 'missing required field "containerPort"',
  },
  {
    item: 'port protocol values',
    yaml: deployment((y) => y.replace('protocol: TCP', 'protocol: HTTP')),
    ruleId: 'schema/enum',
    path: 'spec.template.spec.containers[0].ports[0].protocol',
    message: '"HTTP" is not allowed here; use one of SCTP, TCP, UDP',
  },
  {
    item: 'env var name required',
    yaml: deployment((y) => y.replace('name: MODE, ', '')),
    ruleId: 'schema/required',
    path: 'spec.template.spec.containers[0].env[0].name',
    message: 'missing required field "name"',
  },
  {
    item: 'volume name required',
    yaml: deployment((y) => y.replace('{name: cache, emptyDir', '{emptyDir')),
    ruleId: 'schema/required',
    path: 'spec.template.spec.volumes[0].name',
    message: 'missing required field "name"',
  },
];

function lint(yaml: string) {
  const config = defaultConfig(process.cwd());
  const [result] = lintSources({ files: [SourceFile.fromText('deployment.yaml', yaml)], rules, configFor: () => config });
  return result?.diagnostics ?? [];
}

describe('Deployment spec items enforced by structural validation', () => {
  it('the base manifest is valid', () => {
    expect(lint(deployment((y) => y)).filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it.each(cases)('$item', ({ yaml, ruleId, path, message }) => {
    const found = lint(yaml);
    expect(found.filter((d) => d.ruleId === ruleId && d.path === path).map((d) => d.message)).toEqual([message]);
    // One finding per problem: no rule of this area repeats what the schema said.
    expect(found.filter((d) => d.ruleId.startsWith('deployment/')).map((d) => `${d.ruleId} ${d.path}`)).toEqual([]);
  });
});
