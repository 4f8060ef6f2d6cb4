import { describe, expect, it } from 'vitest';
import {
  containerPath,
  documentHeader,
  documentSpans,
  enclosingBlockScalar,
  keyPath,
  linesOf,
  parseLine,
  siblingKeys,
} from './yaml-outline.js';

const deployment = linesOf(
  [
    'apiVersion: apps/v1', // 0
    'kind: Deployment', // 1
    'metadata:', // 2
    '  name: web', // 3
    '  labels: {app: web}', // 4
    'spec:', // 5
    '  template:', // 6
    '    spec:', // 7
    '      containers:', // 8
    '      - name: a', // 9
    '        image: nginx', // 10
    '      - name: b', // 11
    '        ports:', // 12
    '          - containerPort: 80', // 13
    '            ', // 14
    '  replicas: 2', // 15
  ].join('\n'),
);

describe('yaml outline', () => {
  it('reads keys, values and block scalar headers of a line', () => {
    expect(parseLine('  - name: "a b" # note')).toMatchObject({
      indent: 2,
      dashes: [2],
      key: 'name',
      keyStart: 4,
      value: '"a b"',
    });
    expect(parseLine('    expression: >-')).toMatchObject({ key: 'expression', blockScalar: true });
    expect(parseLine('  "plat.io/owner": x').key).toBe('plat.io/owner');
    expect(parseLine('  # comment').empty).toBe(true);
  });

  it('finds the path of a key through sequences, counting items', () => {
    expect(keyPath(deployment, 0, 10)).toEqual(['spec', 'template', 'spec', 'containers', 0, 'image']);
    expect(keyPath(deployment, 0, 11)).toEqual(['spec', 'template', 'spec', 'containers', 1, 'name']);
    expect(keyPath(deployment, 0, 13)).toEqual(['spec', 'template', 'spec', 'containers', 1, 'ports', 0, 'containerPort']);
    expect(keyPath(deployment, 0, 15)).toEqual(['spec', 'replicas']);
    expect(keyPath(deployment, 0, 3)).toEqual(['metadata', 'name']);
  });

  it('finds the container of content at a column', () => {
    expect(containerPath(deployment, 0, 14, 12)).toEqual(['spec', 'template', 'spec', 'containers', 1, 'ports', 0]);
    expect(containerPath(deployment, 0, 14, 8)).toEqual(['spec', 'template', 'spec', 'containers', 1]);
    expect(containerPath(deployment, 0, 14, 2)).toEqual(['spec']);
    expect(containerPath(deployment, 0, 14, 0)).toEqual([]);
  });

  it('lists the keys present in the same mapping only', () => {
    expect([...siblingKeys(deployment, 0, deployment.count, 14, 8)].sort()).toEqual(['name', 'ports']);
    expect([...siblingKeys(deployment, 0, deployment.count, 14, 0)].sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
  });

  it('splits documents and reads each header', () => {
    const lines = linesOf(
      '# lead\n---\napiVersion: v1\nkind: Event\nmetadata:\n  name: e\n  namespace: ns\n---\nkind: FlowSchema\n',
    );
    const spans = documentSpans(lines);
    expect(spans.map((s) => [s.start, s.end])).toEqual([
      [1, 7],
      [7, 10],
    ]);
    expect(documentHeader(lines, spans[0]!)).toMatchObject({
      apiVersion: 'v1',
      kind: 'Event',
      name: 'e',
      namespace: 'ns',
      nameLine: 5,
    });
    expect(documentHeader(lines, spans[1]!)).toMatchObject({ kind: 'FlowSchema' });
  });

  it('tells when a line is text of a block scalar', () => {
    const lines = linesOf(
      [
        'spec:',
        '  matchConditions:',
        '    - name: a',
        '      expression: >-',
        '        object.x ||',
        '          object.y',
        '    - name: b',
      ].join('\n'),
    );
    expect(enclosingBlockScalar(lines, 0, 5)).toEqual({ line: 3, path: ['spec', 'matchConditions', 0, 'expression'] });
    expect(enclosingBlockScalar(lines, 0, 4)?.line).toBe(3);
    expect(enclosingBlockScalar(lines, 0, 6)).toBeUndefined();
    expect(enclosingBlockScalar(lines, 0, 2)).toBeUndefined();
  });
});
