import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/config.js';
import { defineRule } from '../rules/rule.js';
import { SourceFile } from '../source/source-file.js';
import { lintSources } from './linter.js';

/** Counts the objects it is run on: a rule must not run on a file the server cannot decode. */
const seen: string[] = [];
const probe = defineRule({
  meta: {
    id: 'test/probe',
    description: 'Records each configuration object it sees.',
    kinds: ['TracingConfiguration.apiserver.plat.io', 'AuthorizationConfiguration.apiserver.plat.io'],
    severity: 'error',
    enforcedBy: 'advice',
    source: 'test',
    docs: 'A rule for the tests of configuration loading; it reports nothing.',
  },
  check(context) {
    seen.push(String(context.value.kind));
  },
});

function lint(yaml: string): { ruleId: string; path: string; message: string; line: number }[] {
  seen.length = 0;
  const [result] = lintSources({
    files: [SourceFile.fromText('config.yaml', yaml)],
    rules: [probe],
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => ({ ruleId: d.ruleId, path: d.path, message: d.message, line: d.range.start.line }));
}

const V = 'apiVersion: apiserver.plat.io/v1beta1';
const webhook = (fields: string): string =>
  `${V}\nkind: AuthorizationConfiguration\nauthorizers:\n  - type: Webhook\n    name: policy\n    webhook:\n${fields
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')}\n`;

describe('configuration files load as the server reads them', () => {
  it('reports a missing apiVersion or kind at that field', () => {
    expect(lint('kind: TracingConfiguration\nendpoint: localhost:4317\n')).toEqual([
      {
        ruleId: 'document/missing-kind',
        path: 'apiVersion',
        message:
          'apiVersion is missing: the server cannot read a TracingConfiguration file without it; write apiVersion: apiserver.plat.io/v1beta1',
        line: 1,
      },
    ]);
    expect(lint(`${V}\nendpoint: localhost:4317\n`)).toEqual([
      {
        ruleId: 'document/missing-kind',
        path: 'kind',
        message:
          'kind is missing: the server cannot tell which configuration file this is; write one of AuthenticationConfiguration, AuthorizationConfiguration, EgressSelectorConfiguration, TracingConfiguration',
        line: 1,
      },
    ]);
  });

  it('warns, without an error, about another version the server reads, and leaves its body unchecked', () => {
    const all = (yaml: string) =>
      lintSources({
        files: [SourceFile.fromText('config.yaml', yaml)],
        rules: [probe],
        configFor: () => defaultConfig(process.cwd()),
      })[0]?.diagnostics.map((d) => [d.severity, d.ruleId, d.path]);
    seen.length = 0;
    expect(
      all('apiVersion: apiserver.plat.io/v1\nkind: AuthorizationConfiguration\nauthorizers: [{type: Node, name: node}]\n'),
    ).toEqual([['warning', 'document/unknown-version', 'apiVersion']]);
    expect(all('apiVersion: apiserver.plat.io/v1alpha1\nkind: TracingConfiguration\nendpoint: localhost:4317\n')).toEqual([
      ['warning', 'document/unknown-version', 'apiVersion'],
    ]);
    expect(seen).toEqual([]);
    // Tracing has no v1: that stays a decode error.
    expect(all('apiVersion: apiserver.plat.io/v1\nkind: TracingConfiguration\n')).toEqual([
      ['error', 'document/unknown-version', 'apiVersion'],
    ]);
  });

  it('refuses an unknown version of the configuration group, and an unknown kind in it, at that field', () => {
    expect(lint('apiVersion: apiserver.plat.io/v99\nkind: Something\n')).toEqual([
      {
        ruleId: 'document/unknown-version',
        path: 'apiVersion',
        message:
          'apiserver.plat.io/v99 is not a version of the configuration group apiserver.plat.io; the server reads apiserver.plat.io/v1beta1',
        line: 1,
      },
    ]);
    expect(lint(`${V}\nkind: tracingConfiguration\n`)).toEqual([
      {
        ruleId: 'document/unknown-kind',
        path: 'kind',
        message:
          'apiserver.plat.io/v1beta1 has no kind tracingConfiguration; did you mean TracingConfiguration? (kinds are case-sensitive)',
        line: 2,
      },
    ]);
  });

  it('stops at the first value of the wrong type, in document order, and runs no rule', () => {
    const found = lint(webhook('failurePolicy: Allow\nunauthorizedTTL: 30\ntimeout: 5\nsubjectAccessReviewVersion: v1'));
    expect(found).toEqual([
      {
        ruleId: 'schema/type',
        path: 'authorizers[0].webhook.unauthorizedTTL',
        message: 'must be a string, not the number 30',
        line: 8,
      },
    ]);
    expect(seen).toEqual([]);
  });

  it('refuses an empty duration, which the duration type cannot parse', () => {
    expect(
      lint(
        webhook(
          'timeout: 3s\nauthorizedTTL: ""\nsubjectAccessReviewVersion: v1\nfailurePolicy: Deny\nconnectionInfo: {type: InClusterConfig}',
        ),
      ),
    ).toEqual([
      {
        ruleId: 'schema/format',
        path: 'authorizers[0].webhook.authorizedTTL',
        message: '"" is not a duration such as 30s, 5m or 1h30m',
        line: 8,
      },
    ]);
    expect(seen).toEqual([]);
  });

  it('refuses a quoted number or an int32 out of range as a type error', () => {
    expect(lint(`${V}\nkind: TracingConfiguration\nsamplingRatePerMillion: "100"\n`)).toEqual([
      { ruleId: 'schema/type', path: 'samplingRatePerMillion', message: 'must be an integer, not "100"', line: 3 },
    ]);
    expect(lint(`${V}\nkind: TracingConfiguration\nsamplingRatePerMillion: 3000000000\n`)).toEqual([
      {
        ruleId: 'schema/type',
        path: 'samplingRatePerMillion',
        message: 'must be an int32 (-2147483648 to 2147483647), not the number 3000000000',
        line: 3,
      },
    ]);
    // In the int32 range but above the limit: decoded, then refused by validation.
    expect(lint(`${V}\nkind: TracingConfiguration\nsamplingRatePerMillion: 2000000\n`).map((d) => d.ruleId)).toEqual([
      'schema/range',
    ]);
    expect(seen).toEqual(['TracingConfiguration']);
  });

  it('reports unknown fields and repeated keys together, and nothing else', () => {
    expect(
      lint(`${V}\nkind: AuthorizationConfiguration\nauthorizers:\n  - type: Rbac\n    nmae: rbac\n    extra: 1\n`).map((d) => [
        d.ruleId,
        d.path,
      ]),
    ).toEqual([
      ['schema/unknown-field', 'authorizers[0].nmae'],
      ['schema/unknown-field', 'authorizers[0].extra'],
    ]);
    expect(
      lint(`${V}\nkind: TracingConfiguration\nendpoint: localhost:4317\nendpoint: localhost:4318\n`).map((d) => d.ruleId),
    ).toEqual(['yaml/duplicate-key']);
    expect(seen).toEqual([]);
  });

  it('names the required fields of a missing section, as the server does', () => {
    const authn = `${V}\nkind: AuthenticationConfiguration\njwt:\n  - claimMappings:\n      username: {claim: sub, prefix: ""}\n`;
    expect(lint(authn)).toEqual([
      {
        ruleId: 'schema/required',
        path: 'jwt[0].issuer.audiences',
        message: 'missing required field "issuer": the server needs its audiences',
        line: 4,
      },
      {
        ruleId: 'schema/required',
        path: 'jwt[0].issuer.url',
        message: 'missing required field "issuer": the server needs its url',
        line: 4,
      },
    ]);
    const found = lint(webhook('timeout: 3s\nsubjectAccessReviewVersion: v1\nfailurePolicy: Deny'));
    expect(found.map((d) => d.path)).toEqual(['authorizers[0].webhook.connectionInfo.type']);
  });

  it('follows each kind on an empty body (config-kinds.md §0.7)', () => {
    expect(lint(`${V}\nkind: AuthenticationConfiguration\n`)).toEqual([]);
    expect(lint(`${V}\nkind: EgressSelectorConfiguration\n`)).toEqual([]);
    expect(lint(`${V}\nkind: TracingConfiguration\n`)).toEqual([]);
    expect(lint(`${V}\nkind: AuthorizationConfiguration\n`)).toEqual([
      { ruleId: 'schema/required', path: 'authorizers', message: 'missing required field "authorizers"', line: 1 },
    ]);
  });

  // Issue 24: such a file was skipped as information (document/unknown-kind), though the
  // server's configuration loaders know no other group and would refuse it.
  it('warns that the server would refuse a configuration kind name under another group, and checks nothing of it', () => {
    const all = (yaml: string) =>
      lintSources({
        files: [SourceFile.fromText('config.yaml', yaml)],
        rules: [probe],
        configFor: () => defaultConfig(process.cwd()),
      })[0]?.diagnostics.map((d) => ({
        severity: d.severity,
        ruleId: d.ruleId,
        path: d.path,
        message: d.message,
        line: d.range.start.line,
      }));
    seen.length = 0;
    expect(all('apiVersion: apps/v1alpha1\nkind: AuthenticationConfiguration\njwt: []\n')).toEqual([
      {
        severity: 'warning',
        ruleId: 'document/unknown-version',
        path: 'apiVersion',
        message:
          'AuthenticationConfiguration is an API server configuration kind, which the server reads only from the group apiserver.plat.io: it would refuse this file, since apps/v1alpha1 is no group/version its configuration loader knows; write apiVersion: apiserver.plat.io/v1beta1',
        line: 1,
      },
    ]);
    // The upstream group name, a core version, another kind's group: the same warning.
    for (const apiVersion of ['apiserver.config.k8s.io/v1beta1', 'v1', 'apps/v1']) {
      expect(
        all(`apiVersion: ${apiVersion}\nkind: TracingConfiguration\nendpoint: 5\n`)?.map((d) => [d.severity, d.ruleId, d.path]),
      ).toEqual([['warning', 'document/unknown-version', 'apiVersion']]);
    }
    expect(seen).toEqual([]);
    // A kind of another name under another group is no configuration file.
    expect(all('apiVersion: apps/v1alpha1\nkind: Authentication\n')?.map((d) => [d.severity, d.ruleId])).toEqual([
      ['info', 'document/unknown-kind'],
    ]);
  });
});
