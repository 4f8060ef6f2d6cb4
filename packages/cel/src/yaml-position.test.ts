import { describe, expect, it } from 'vitest';
import { CST, isMap, isScalar, parseDocument, type Scalar } from 'yaml';
import { yamlValueOffsetToSource, yamlValueRangeToSource } from './yaml-position.js';

// The scalar of `expression:` in a real document, as the linter sees it.
function expressionScalar(doc: string): { value: string; source: string; offset: number } {
  const parsed = parseDocument(doc, { keepSourceTokens: true });
  const root = parsed.contents;
  if (!isMap(root)) throw new Error('expected a map');
  const node = root.get('expression', true) as Scalar | undefined;
  if (!node || !isScalar(node) || !node.srcToken || !node.range) throw new Error('no expression scalar');
  return { value: String(node.value), source: CST.stringify(node.srcToken), offset: node.range[0] };
}

// Every character of a token must land on the same character in the file.
function expectTokenMaps(doc: string, token: string): void {
  const s = expressionScalar(doc);
  const at = s.value.indexOf(token);
  expect(at).toBeGreaterThanOrEqual(0);
  const r = yamlValueRangeToSource(s, { start: at, end: at + token.length });
  expect(doc.slice(r.start, r.end)).toBe(token);
}

describe('yamlValueOffsetToSource', () => {
  it('maps plain scalars', () => {
    expectTokenMaps('name: x\nexpression: object.spec.replicas > 1\n', 'replicas');
  });

  it('maps plain scalars folded over lines', () => {
    expectTokenMaps('expression: object.a &&\n  object.bogus\n', 'bogus');
  });

  it('maps single-quoted scalars with doubled quotes', () => {
    const doc = "expression: 'object.metadata.name == ''it''''s'' && bad.field'\n";
    expectTokenMaps(doc, 'bad.field');
  });

  it('maps double-quoted scalars with escapes', () => {
    const doc = 'expression: "\\"a\\tb\\" + \\u00e9 + oops.x"\n';
    const s = expressionScalar(doc);
    expect(s.value).toBe('"a\tb" + é + oops.x');
    expectTokenMaps(doc, 'oops.x');
    const tab = s.value.indexOf('\t');
    expect(doc.slice(yamlValueOffsetToSource(s, tab), yamlValueOffsetToSource(s, tab) + 2)).toBe('\\t');
  });

  it('maps double-quoted scalars with escaped line breaks', () => {
    expectTokenMaps('expression: "object.a \\\n  && object.wrong"\n', 'wrong');
  });

  it('maps literal block scalars with indentation', () => {
    const doc = 'spec:\n  x: 1\nexpression: |\n  has(object.spec) &&\n    object.spec.replicas > 1 &&\n  object.missing\n';
    expectTokenMaps(doc, 'replicas');
    expectTokenMaps(doc, 'missing');
  });

  it('maps folded block scalars with strip chomping', () => {
    const doc = 'expression: >-\n  object.a ==\n  object.b\n\n  && object.c\n';
    const s = expressionScalar(doc);
    expect(s.value).toBe('object.a == object.b\n&& object.c');
    expectTokenMaps(doc, 'object.b');
    expectTokenMaps(doc, 'object.c');
  });

  it('maps keep chomping and explicit indentation', () => {
    expectTokenMaps('expression: |+\n    a.b\n    c.d\n\n', 'c.d');
    expectTokenMaps('expression: |2\n    deep.x\n  y.z\n', 'y.z');
  });
});
