import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';

/**
 * Endpoints items of spec document A that structural validation enforces: each test fails if
 * the schema fact behind it goes away.
 */
function lint(subsets: string): { ruleId: string; path: string; message: string; fix?: string }[] {
  const yaml = `apiVersion: v1\nkind: Endpoints\nmetadata: {name: web, namespace: shop}\nsubsets:\n${subsets}`;
  const [result] = lintSources({
    files: [SourceFile.fromText('covered.yaml', yaml)],
    rules,
    configFor: () => defaultConfig(process.cwd()),
  });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => ({ ruleId: d.ruleId, path: d.path, message: d.message, ...(d.fix ? { fix: d.fix.text } : {}) }));
}

describe('Endpoints items covered by structural validation', () => {
  it('protocol is SCTP, TCP or UDP in exact case, with an upper-case fix', () => {
    expect(
      lint('- addresses: [{ip: 10.0.0.5}]\n  ports: [{port: 80, protocol: udp}, {name: b, port: 81, protocol: HTTP}]\n'),
    ).toEqual([
      {
        ruleId: 'endpoints/port-name',
        path: 'subsets[0].ports[0].name',
        message: 'port 80 has no name; a subset with 2 ports must name each one after its service port',
      },
      {
        ruleId: 'schema/enum',
        path: 'subsets[0].ports[0].protocol',
        message: '"udp" is not allowed here; use one of SCTP, TCP, UDP (values are case-sensitive: "UDP")',
        fix: 'UDP',
      },
      {
        ruleId: 'schema/enum',
        path: 'subsets[0].ports[1].protocol',
        message: expect.stringMatching(/^"HTTP" is not allowed here; use one of SCTP, TCP, UDP/) as string,
      },
    ]);
  });

  it('port is 1 to 65535 and required', () => {
    expect(lint('- addresses: [{ip: 10.0.0.5}]\n  ports: [{name: a, port: 0}, {name: b, port: 65536}, {name: c}]\n')).toEqual([
      { ruleId: 'schema/range', path: 'subsets[0].ports[0].port', message: '0 is out of range: must be at least 1' },
      { ruleId: 'schema/range', path: 'subsets[0].ports[1].port', message: '65536 is out of range: must be at most 65535' },
      { ruleId: 'schema/required', path: 'subsets[0].ports[2].port', message: 'missing required field "port"' },
    ]);
  });

  it('ip is required and parses as an IP address', () => {
    expect(lint('- addresses: [{ip: "[fd00::1]"}, {ip: ""}, {hostname: a}]\n')).toEqual([
      { ruleId: 'schema/format', path: 'subsets[0].addresses[0].ip', message: '"[fd00::1]" is not an IPv4 or IPv6 address' },
      { ruleId: 'schema/format', path: 'subsets[0].addresses[1].ip', message: '"" is not an IPv4 or IPv6 address' },
      { ruleId: 'schema/required', path: 'subsets[0].addresses[2].ip', message: 'missing required field "ip"' },
    ]);
  });

  it('hostname is a DNS label and nodeName a DNS subdomain', () => {
    expect(lint('- addresses: [{ip: 10.0.0.5, hostname: web.0, nodeName: Worker_1}]\n')).toEqual([
      {
        ruleId: 'schema/format',
        path: 'subsets[0].addresses[0].hostname',
        message: `"web.0" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
      },
      {
        ruleId: 'schema/format',
        path: 'subsets[0].addresses[0].nodeName',
        message: '"Worker_1" has uppercase letters; a DNS subdomain is lowercase',
      },
    ]);
  });

  it('a port name is a DNS label', () => {
    expect(lint('- addresses: [{ip: 10.0.0.5}]\n  ports: [{name: http_alt, port: 8080}]\n')).toEqual([
      {
        ruleId: 'schema/format',
        path: 'subsets[0].ports[0].name',
        message: `"http_alt" is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit`,
      },
    ]);
  });

  it('appProtocol has label-key syntax', () => {
    expect(lint('- addresses: [{ip: 10.0.0.5}]\n  ports: [{port: 8080, appProtocol: "Example.com/h2"}, ]\n')).toEqual([
      {
        ruleId: 'schema/format',
        path: 'subsets[0].ports[0].appProtocol',
        message: '"Example.com/h2" has a prefix that has uppercase letters; a DNS subdomain is lowercase',
      },
    ]);
  });
});
