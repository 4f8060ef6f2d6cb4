import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import type { Config } from '../config/config.js';
import { defineRule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';
import { lintSources } from './linter.js';

/** Records the kinds it runs on: nothing of a document the server would refuse is checked. */
const seen: string[] = [];
const probe = defineRule({
  meta: {
    id: 'test/probe',
    description: 'Records each object it sees.',
    kinds: '*',
    severity: 'error',
    enforcedBy: 'advice',
    source: 'test',
    docs: 'A rule for the tests of declared configuration files; it reports nothing.',
  },
  check(context) {
    seen.push(String(context.value.kind));
  },
});

const ROOT = '/repo';
const V = 'apiVersion: apiserver.plat.io/v1beta1';
const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: nginx}]}\n';

function configWith(apiServerConfigs: Config['apiServerConfigs']): Config {
  return { ...defaultConfig(ROOT), file: `${ROOT}/platlint.config.yaml`, apiServerConfigs };
}

function lint(
  path: string,
  yaml: string,
  config: Config = configWith({ authentication: ['config/authn.yaml'], tracing: ['tracing/*.yaml'] }),
) {
  seen.length = 0;
  const [result] = lintSources({ files: [SourceFile.fromText(path, yaml)], rules: [probe], configFor: () => config, cwd: ROOT });
  return (result?.diagnostics ?? []).map((d) => ({
    severity: d.severity,
    ruleId: d.ruleId,
    path: d.path,
    message: d.message,
    line: d.range.start.line,
  }));
}

describe('files declared as API server configuration (apiServerConfigs)', () => {
  it('refuses a document of another kind, naming the declaration, and checks nothing of it', () => {
    expect(lint('config/authn.yaml', DEPLOYMENT)).toEqual([
      {
        severity: 'error',
        ruleId: 'document/declared-kind',
        path: 'kind',
        message:
          'the configuration (apiServerConfigs.authentication in platlint.config.yaml) declares this file as an AuthenticationConfiguration, but this document is a Deployment (apps/v1): the server would refuse to load the file',
        line: 2,
      },
    ]);
    expect(seen).toEqual([]);
  });

  it('refuses another configuration kind of the right group (the loader checks the type it decoded)', () => {
    const found = lint('config/authn.yaml', `${V}\nkind: TracingConfiguration\nendpoint: localhost:4317\n`);
    expect(found.map((d) => [d.severity, d.ruleId, d.path, d.line])).toEqual([['error', 'document/declared-kind', 'kind', 2]]);
    expect(found[0]?.message).toContain(
      'declares this file as an AuthenticationConfiguration, but this document is a TracingConfiguration (apiserver.plat.io/v1beta1)',
    );
    expect(seen).toEqual([]);
  });

  it('makes the declared kind under another group an error instead of a warning', () => {
    expect(lint('config/authn.yaml', 'apiVersion: apps/v1alpha1\nkind: AuthenticationConfiguration\njwt: []\n')).toEqual([
      {
        severity: 'error',
        ruleId: 'document/declared-kind',
        path: 'apiVersion',
        message:
          'the configuration (apiServerConfigs.authentication in platlint.config.yaml) declares this file as an AuthenticationConfiguration, which the server reads only from the group apiserver.plat.io: apps/v1alpha1 is no group/version its configuration loader knows; write apiVersion: apiserver.plat.io/v1beta1',
        line: 1,
      },
    ]);
    // Undeclared, the same file is the warning of document/unknown-version.
    expect(
      lint('other.yaml', 'apiVersion: apps/v1alpha1\nkind: AuthenticationConfiguration\njwt: []\n').map((d) => [
        d.severity,
        d.ruleId,
      ]),
    ).toEqual([['warning', 'document/unknown-version']]);
  });

  it('checks a document of the declared kind as every configuration file', () => {
    expect(lint('config/authn.yaml', `${V}\nkind: AuthenticationConfiguration\njwt: []\n`)).toEqual([]);
    expect(seen).toEqual(['AuthenticationConfiguration']);
    // Its version and body are the loading rules' to judge, as without the declaration.
    expect(
      lint('config/authn.yaml', 'apiVersion: apiserver.plat.io/v99\nkind: AuthenticationConfiguration\n').map((d) => [
        d.ruleId,
        d.path,
      ]),
    ).toEqual([['document/unknown-version', 'apiVersion']]);
    expect(
      lint('tracing/otel.yaml', `${V}\nkind: TracingConfiguration\nsamplingRatePerMillion: "5"\n`).map((d) => [d.ruleId, d.path]),
    ).toEqual([['schema/type', 'samplingRatePerMillion']]);
  });

  it('refuses what is no object at all: no apiVersion and kind, a missing kind, a document that is a list', () => {
    const neither = lint('tracing/otel.yaml', 'endpoint: localhost:4317\n');
    expect(neither.map((d) => [d.severity, d.ruleId, d.path, d.line])).toEqual([['error', 'document/declared-kind', '', 1]]);
    expect(neither[0]?.message).toBe(
      'the configuration (apiServerConfigs.tracing in platlint.config.yaml) declares this file as a TracingConfiguration, but this document has neither apiVersion nor kind: write apiVersion: apiserver.plat.io/v1beta1 and kind: TracingConfiguration',
    );
    const noKind = lint('tracing/otel.yaml', `${V}\nendpoint: localhost:4317\n`);
    expect(noKind.map((d) => [d.ruleId, d.path, d.message])).toEqual([
      [
        'document/declared-kind',
        'kind',
        'kind is missing: the configuration (apiServerConfigs.tracing in platlint.config.yaml) declares this file as a TracingConfiguration; write kind: TracingConfiguration',
      ],
    ]);
    expect(lint('tracing/otel.yaml', '- a\n- b\n').map((d) => [d.ruleId, d.message])).toEqual([
      [
        'document/declared-kind',
        'the configuration (apiServerConfigs.tracing in platlint.config.yaml) declares this file as a TracingConfiguration, but document 1 is not a mapping: the server cannot load it',
      ],
    ]);
  });

  it('judges each document of a declared file, and keeps the findings of the right ones', () => {
    const found = lint('config/authn.yaml', `${V}\nkind: AuthenticationConfiguration\njwt: []\nbogus: 1\n---\n${DEPLOYMENT}`);
    expect(found.map((d) => [d.ruleId, d.path, d.line])).toEqual([
      ['schema/unknown-field', 'bogus', 4],
      ['document/declared-kind', 'kind', 7],
    ]);
  });

  it('matches gitignore-style globs relative to the configuration, and nothing else', () => {
    expect(lint('tracing/a.yaml', DEPLOYMENT).map((d) => d.ruleId)).toEqual(['document/declared-kind']);
    expect(lint(`${ROOT}/tracing/b.yaml`, DEPLOYMENT).map((d) => d.ruleId)).toEqual(['document/declared-kind']);
    // Anchored at the configuration's directory: the same name elsewhere is not declared.
    expect(lint('elsewhere/config/authn.yaml', DEPLOYMENT)).toEqual([]);
    expect(lint('tracing/deeper/c.yaml', DEPLOYMENT)).toEqual([]);
    expect(lint('/outside/config/authn.yaml', DEPLOYMENT)).toEqual([]);
  });

  it('refuses a file that two declarations take in, whatever it holds', () => {
    const config = configWith({ authentication: ['shared/*.yaml'], tracing: ['shared/tracing.yaml'] });
    const found = lint('shared/tracing.yaml', `${V}\nkind: TracingConfiguration\n`, config);
    expect(found.map((d) => [d.ruleId, d.path])).toEqual([['document/declared-kind', '']]);
    expect(found[0]?.message).toBe(
      "the configuration (apiServerConfigs.authentication and apiServerConfigs.tracing in platlint.config.yaml) declares this file as an AuthenticationConfiguration and a TracingConfiguration: the server reads each configuration from a file of its own, which holds that configuration's kind only",
    );
  });

  it('follows the configured severity, as every finding does', () => {
    const config = {
      ...configWith({ authentication: ['config/authn.yaml'] }),
      rules: { 'document/declared-kind': 'warning' as const },
    };
    expect(lint('config/authn.yaml', DEPLOYMENT, config).map((d) => [d.severity, d.ruleId])).toEqual([
      ['warning', 'document/declared-kind'],
    ]);
  });
});
