import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import { checkOneOf } from '../rules/conventions.js';
import { defineRule } from '../rules/rule.js';
import type { Rule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';
import { lintSources } from './linter.js';
import { isPlacedOnRecognition } from './recognise-documents.js';

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
  const [result] = lintSources({ files: [SourceFile.fromText('test.yaml', yaml)], rules, configFor: () => config });
  return result?.diagnostics ?? [];
}

describe('reportMissing', () => {
  const rule = defineRule({
    meta: {
      id: 'test/missing',
      description: 'test rule for missing fields',
      kinds: ['Deployment.apps'],
      severity: 'error',
      enforcedBy: 'server',
      source: 'test',
      docs: 'test rule for missing fields',
    },
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

describe('the rules of one object', () => {
  // runRules gives every rule of an object one context, told which rule runs: each report must
  // still carry its own rule's id, a crash included.
  const reporting = (id: string, crash: boolean): Rule =>
    defineRule({
      meta: {
        id,
        description: 'test rule that reports replicas',
        kinds: ['Deployment.apps'],
        severity: 'warning',
        enforcedBy: 'advice',
        source: 'test',
        docs: 'test rule that reports replicas',
      },
      check(context) {
        context.report({ path: ['spec', 'selector'], message: `seen by ${id}` });
        if (crash) throw new Error('broken');
      },
    });

  it('report as themselves, before and after one of them crashes', () => {
    const found = lint(deployment, [
      reporting('test/first', false),
      reporting('test/broken', true),
      reporting('test/last', false),
    ]);
    expect(found.map((d) => [d.ruleId, d.message])).toEqual([
      ['test/broken', 'rule test/broken crashed: broken'],
      ['test/broken', 'seen by test/broken'],
      ['test/first', 'seen by test/first'],
      ['test/last', 'seen by test/last'],
    ]);
  });
});

describe('YAML that is not a manifest', () => {
  const brief = (yaml: string) => lint(yaml).map((d) => [d.ruleId, d.severity, d.path, d.range.start.line]);

  it('is reported once per file as information, whatever the number of such documents', () => {
    expect(brief('on: [push]\njobs:\n  test: {runs-on: ubuntu-latest}\n')).toEqual([['document/not-manifest', 'info', '', 1]]);
    expect(brief(`services: {web: {image: nginx}}\n---\nimage: {tag: v1}\n---\n${deployment}`)).toEqual([
      ['document/not-manifest', 'info', '', 1],
    ]);
    expect(lint('a: 1\n---\nb: 2\n')[0]?.message).toBe(
      'all 2 documents of the file: no apiVersion and no kind, so not a platform manifest; skipped',
    );
    expect(lint(`${deployment}---\nrepos: []\n`)[0]?.message).toBe(
      'document 2: no apiVersion and no kind, so not a platform manifest; skipped',
    );
  });

  it('covers lists and scalars that hold no object', () => {
    expect(brief('- hosts: all\n  tasks: []\n---\njust text\n')).toEqual([['document/not-manifest', 'info', '', 1]]);
  });

  it('keeps a document with only one of apiVersion and kind an error at the missing field', () => {
    expect(brief('apiVersion: v1\nmetadata: {name: a}\n')).toEqual([['document/missing-kind', 'error', 'kind', 1]]);
    expect(brief('metadata: {name: a}\nkind: ConfigMap\n')).toEqual([['document/missing-kind', 'error', 'apiVersion', 1]]);
    expect(brief('metadata: {name: a}\nkind: ConfigMap\napiVersion: ""\n')).toEqual([
      ['document/missing-kind', 'error', 'apiVersion', 3],
    ]);
  });

  it('keeps a bare list of objects an error', () => {
    expect(brief(`- apiVersion: v1\n  kind: ConfigMap\n`)).toEqual([['document/not-mapping', 'error', '', 1]]);
  });
});

describe('kind: List (v1)', () => {
  const indent = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`))
      .join('\n');
  const list = (items: string[], extra = '') => `apiVersion: v1\nkind: List\n${extra}items:\n${items.map(indent).join('\n')}\n`;
  const broken = deployment.replace('name: web\nspec:', 'name: web\nspec:\n  replicas: -1\n  replica: 2');
  const crd = 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {anything: goes}\n';

  it('lints each item as an object of its own kind, at items[i]', () => {
    const found = lint(list([deployment, broken, crd], 'metadata: {resourceVersion: ""}\n'));
    expect(found.map((d) => [d.ruleId, d.severity, d.path])).toEqual([
      ['schema/range', 'error', 'items[1].spec.replicas'],
      ['schema/unknown-field', 'error', 'items[1].spec.replica'],
      ['document/unknown-kind', 'info', 'items[2].kind'],
    ]);
  });

  it('runs the rules of each item kind, with the item path', () => {
    const seen: string[] = [];
    const rule = defineRule({
      meta: {
        id: 'test/seen',
        description: 'records the objects it sees',
        kinds: ['Deployment.apps'],
        severity: 'warning',
        enforcedBy: 'advice',
        source: 'test',
        docs: 'records the objects it sees',
      },
      check(context) {
        seen.push(context.object.prefix.join('.'));
        context.report({ path: ['metadata', 'name'], message: 'seen' });
      },
    });
    const found = lint(list([deployment, crd, deployment]), [rule]).filter((d) => d.ruleId === 'test/seen');
    expect(seen).toEqual(['items.0', 'items.2']);
    expect(found.map((d) => d.path)).toEqual(['items[0].metadata.name', 'items[2].metadata.name']);
  });

  it('checks the envelope and the items it cannot read', () => {
    const found = lint(`apiVersion: v1\nkind: List\nmetdata: {}\nitems:\n  - 3\n  - metadata: {name: a}\n`);
    expect(found.map((d) => [d.ruleId, d.path])).toEqual([
      ['schema/unknown-field', 'metdata'],
      ['schema/type', 'items[0]'],
      ['document/missing-kind', 'items[1].apiVersion'],
    ]);
  });
});

describe('the configured release', () => {
  const podGroup =
    'apiVersion: scheduling.plat.io/v1beta1\nkind: PodGroup\nmetadata: {name: pg, namespace: ml}\nspec: {schedulingPolicy: {gang: {minCount: 2}}}\n';
  const priorityClass = 'apiVersion: scheduling.plat.io/v1beta1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n';
  const lintAt = (yaml: string, release: string) => {
    const config = { ...defaultConfig(process.cwd()), release };
    const [result] = lintSources({ files: [SourceFile.fromText('test.yaml', yaml)], rules: [], configFor: () => config });
    return (result?.diagnostics ?? []).map((d) => [d.ruleId, d.path, d.message]);
  };

  it('refuses a kind the release does not serve yet', () => {
    expect(lintAt(podGroup, '1.37')).toEqual([]);
    expect(lintAt(podGroup.replace('minCount: 2', 'minCount: -1'), '1.36')).toEqual([
      [
        'document/not-served',
        'apiVersion',
        'PodGroup (scheduling.plat.io/v1beta1) is served from release 1.37; the configured release 1.36 does not serve it',
      ],
    ]);
  });

  it('refuses a kind the release no longer serves', () => {
    expect(lintAt(priorityClass, '1.21')).toEqual([]);
    expect(lintAt(priorityClass, '1.22')).toEqual([
      [
        'document/not-served',
        'apiVersion',
        'PriorityClass (scheduling.plat.io/v1beta1) was removed in release 1.22 (deprecated from 1.14); the configured release 1.22 does not serve it',
      ],
    ]);
  });
});

describe('checkOneOf', () => {
  const rule = defineRule({
    meta: {
      id: 'test/one-of',
      description: 'strategy sets one of three members',
      kinds: ['Deployment.apps'],
      severity: 'error',
      enforcedBy: 'server',
      source: 'test',
      docs: 'strategy sets exactly one of the members',
    },
    check(context) {
      checkOneOf(context, ['spec', 'strategy'], ['recreate', 'rollingUpdate', 'canary']);
    },
  });
  const withStrategy = (strategy: string) => deployment.replace('spec:\n', `spec:\n  strategy: ${strategy}\n`);
  const found = (yaml: string) =>
    lint(yaml, [rule])
      .filter((d) => d.ruleId === 'test/one-of')
      .map((d) => [d.path, d.range.start.line, d.range.start.column, d.message]);

  it('reports none set at the first member, pointing at the union key', () => {
    expect(found(withStrategy('{type: Recreate}'))).toEqual([
      ['spec.strategy.recreate', 6, 3, 'set exactly one of "recreate", "rollingUpdate", "canary"'],
    ]);
  });

  it('reports each member set after the first, at its key', () => {
    expect(found(withStrategy('{canary: {}, recreate: {}, rollingUpdate: {}}'))).toEqual([
      [
        'spec.strategy.recreate',
        6,
        26,
        '"recreate" is set together with "canary"; keep only one of "recreate", "rollingUpdate", "canary"',
      ],
      [
        'spec.strategy.rollingUpdate',
        6,
        40,
        '"rollingUpdate" is set together with "canary"; keep only one of "recreate", "rollingUpdate", "canary"',
      ],
    ]);
  });

  it('says nothing when exactly one is set, or the holder is absent', () => {
    expect(found(withStrategy('{rollingUpdate: null, canary: {}}'))).toEqual([]);
    expect(found(deployment)).toEqual([]);
  });
});

describe('document/not-served turned off', () => {
  it('lints the object as usual', () => {
    const config = { ...defaultConfig(process.cwd()), release: '1.36', rules: { 'document/not-served': 'off' as const } };
    const yaml =
      'apiVersion: scheduling.plat.io/v1beta1\nkind: PodGroup\nmetadata: {name: pg, namespace: ml}\nspec: {schedulingPolicy: {gang: {minCount: -1}}}\n';
    const [result] = lintSources({ files: [SourceFile.fromText('test.yaml', yaml)], rules: [], configFor: () => config });
    expect(result?.diagnostics.map((d) => d.ruleId)).toEqual(['schema/range']);
  });
});

describe('a typed List', () => {
  it('reports an item that is not a mapping at the item', () => {
    const found = lint('apiVersion: v1\nkind: EndpointsList\nitems:\n  - 3\n  - [a]\n');
    expect(found.map((d) => [d.ruleId, d.path, d.message])).toEqual([
      ['schema/type', 'items[0]', 'must be a mapping (an object of kind Endpoints), not the number 3'],
      ['schema/type', 'items[1]', 'must be a mapping (an object of kind Endpoints), not a list'],
    ]);
  });
});

describe('an apiVersion alone', () => {
  const brief = (yaml: string) => lint(yaml).map((d) => [d.ruleId, d.severity, d.path]);
  it("of no platform group is another tool's file (Helm Chart.yaml)", () => {
    expect(brief('apiVersion: v2\nname: web\nversion: 1.2.3\n')).toEqual([['document/not-manifest', 'info', '']]);
    expect(brief('apiVersion: skaffold/v4beta6\nbuild: {}\n')).toEqual([['document/not-manifest', 'info', '']]);
    // Grafana's provisioning files: a number, read as the text `1`, which no platform group serves.
    expect(brief('apiVersion: 1\ndatasources: []\n')).toEqual([['document/not-manifest', 'info', '']]);
  });
  it("of kustomize is kustomize's own file, with its kind", () => {
    expect(brief('apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [a.yaml]\n')).toEqual([
      ['document/not-manifest', 'info', ''],
    ]);
    expect(brief('apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n')).toEqual([
      ['document/not-manifest', 'info', ''],
    ]);
  });
  it('of a platform group is a manifest without kind', () => {
    expect(brief('apiVersion: v1\nname: web\n')).toEqual([['document/missing-kind', 'error', 'kind']]);
    expect(brief('apiVersion: apps/v1beta2\nmetadata: {name: a}\n')).toEqual([['document/missing-kind', 'error', 'kind']]);
  });
});

describe('a kind behind a feature gate', () => {
  const cpg =
    'apiVersion: scheduling.plat.io/v1alpha3\nkind: CompositePodGroup\nmetadata: {name: c, namespace: ml}\nspec:\n  workloadRef: {workloadName: w, templateName: c}\n  schedulingPolicy: {basic: {}}\n  bogus: 1\n';
  const lintWith = (featureGates: Record<string, boolean>) => {
    const config = { ...defaultConfig(process.cwd()), featureGates };
    const [result] = lintSources({ files: [SourceFile.fromText('test.yaml', cpg)], rules: [], configFor: () => config });
    return (result?.diagnostics ?? []).map((d) => [d.ruleId, d.severity, d.path]);
  };

  it('is an error when the configuration disables the gate, and is not checked further', () => {
    expect(lintWith({ CompositePodGroup: false })).toEqual([['document/not-served', 'error', 'apiVersion']]);
  });

  it('draws a warning when the gate is off by default and not configured, and is checked as usual', () => {
    expect(lintWith({})).toEqual([
      ['document/not-served', 'warning', 'apiVersion'],
      ['schema/unknown-field', 'error', 'spec.bogus'],
    ]);
  });

  it('is checked alone when the configuration enables the gate', () => {
    expect(lintWith({ CompositePodGroup: true })).toEqual([['schema/unknown-field', 'error', 'spec.bogus']]);
  });
});

describe('isPlacedOnRecognition', () => {
  it.each([
    ['an object of a checked kind', { apiVersion: 'apps/v1', kind: 'Deployment' }, false],
    ['an empty document', null, false],
    ['a kind platlint does not check', { apiVersion: 'v1', kind: 'Service' }, true],
    ['an unknown group', { apiVersion: 'example.com/v1', kind: 'Deployment' }, true],
    ['a List, whose items are recognised one by one', { apiVersion: 'apps/v1', kind: 'DeploymentList' }, true],
    ['a mapping without apiVersion', { kind: 'Deployment' }, true],
    ['a scalar document', 'text', true],
  ])('%s: %s', (_, value, placed) => {
    expect(isPlacedOnRecognition(value)).toBe(placed);
  });
});

describe('status of a kind with a status subresource', () => {
  // The server resets status on create and keeps the stored one on update, so a bad value
  // there is dropped rather than refused; what cannot be decoded still fails.
  const withStatus = (status: string): string => `${deployment}status:\n${status}`;

  it('draws warnings, not errors, for values the server never checks on create or update', () => {
    const found = lint(withStatus('  conditions:\n  - {type: Available, status: Maybe}\n  replicas: 3\n'));
    expect(found.map((d) => [d.ruleId, d.severity, d.path])).toEqual([['schema/enum', 'warning', 'status.conditions[0].status']]);
    expect(found[0]?.message).toMatch(
      /^"Maybe" is not allowed here; .*\(status is dropped when the object is created or updated; only writes to the status subresource check it\)$/,
    );
  });

  it('keeps errors for what cannot be decoded', () => {
    const found = lint(withStatus('  replicas: many\n  observedGeneration: 99999999999999999999\n  bogus: 1\n'));
    expect(found.map((d) => [d.ruleId, d.severity, d.path])).toEqual([
      ['schema/type', 'error', 'status.replicas'],
      ['schema/range', 'error', 'status.observedGeneration'],
      ['schema/unknown-field', 'error', 'status.bogus'],
    ]);
  });
});
