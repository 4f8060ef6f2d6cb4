// Reading values first (packages/core/src/source/values-only-read.ts) may change nothing a
// user sees: on every file it reads, the documents, their values, and the findings of a
// whole lint with the positions they carry must be those of the reader of record (the
// `yaml` syntax tree from the start). Checked on the real-world corpus, the examples, a
// generated corpus (test/bench/generate-corpus.mjs, seed 42) and seeded mutations of them.
// Most files are read by its block scanner (block-scan.ts), the rest by its js-yaml loader:
// the counts below keep the scanner's share in view, so that both are what is compared.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { loadAll } from 'js-yaml';
import { Parser } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SourceFile } from '@platlint/core';
import { DEEP_NESTING_KIND, HOSTILE_KINDS, INSERTS, mutate, random } from '@platlint/core/testing';
import { createLintEngine } from '@platlint/rules';
import { scanBlocks } from '../packages/core/src/source/block-scan.js';
import { removeTempDirs, tempDir } from './cli/helpers.js';
import { writeGeneratedCorpus } from './generated-corpus.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const full = process.env.PLATLINT_FUZZ_FULL === '1';
afterAll(removeTempDirs);

const engine = createLintEngine({ cwd: root });

interface Outcome {
  /** Documents read values first and compared. */
  compared: number;
  /** Files of those read by the block scanner. */
  scanned: number;
  disagreements: string[];
}

/**
 * True for a text with a line that goes on a quoted scalar or a flow collection less indented
 * than its node: the platform's reader (go-yaml) reads it where `yaml` reports a missing quote
 * or bracket, and the first stage reads it as go-yaml does (values-only-read.ts). Such texts
 * are held to go-yaml, not to `yaml`: test/yaml-go.test.ts.
 */
function underIndentedFlow(text: string): boolean {
  let warned = false;
  try {
    loadAll(text, undefined, { onWarning: (w) => void (warned ||= w.reason === 'deficient indentation') });
  } catch {
    // Refused: the first stage leaves it to the reader of record.
  }
  return warned;
}

/** What a user sees of a read: documents, values, findings with positions, and each loaded document's syntax tree. */
function compare(name: string, text: string, outcome: Outcome): void {
  const ours = SourceFile.fromText(name, text, engine.sourceOptions);
  if (!ours.documents.some((d) => d.composedBy === 'loader')) return;
  const reference = SourceFile.fromText(name, text, { ...engine.sourceOptions, valuesFirst: false });
  const differ = (what: string): void => void outcome.disagreements.push(`${name}: ${what}`);
  if (reference.diagnostics.length > 0 && underIndentedFlow(text)) return;
  if (reference.diagnostics.length > 0)
    return differ(
      `read values first, but the reader of record reports ${reference.diagnostics[0]?.ruleId}: ${reference.diagnostics[0]?.message}`,
    );
  const shape = (f: SourceFile): string => JSON.stringify(f.documents.map((d) => [d.index, d.start, d.end, d.broken, d.value]));
  if (shape(ours) !== shape(reference))
    return differ(`documents differ:\n${shape(ours).slice(0, 400)}\n${shape(reference).slice(0, 400)}`);
  const trees = [...new Parser().parse(text.replace(/\r(?!\n)/g, '\n'))].filter((t) => t.type === 'document');
  ours.documents.forEach((d, i) => {
    if (JSON.stringify(d.cst) !== JSON.stringify(trees[i])) differ(`document ${i}: syntax tree parsed alone differs`);
  });
  const findings = (f: SourceFile): string => JSON.stringify(engine.lintSource(f).diagnostics);
  if (findings(ours) !== findings(reference))
    return differ(`findings differ:\n${findings(ours).slice(0, 600)}\n${findings(reference).slice(0, 600)}`);
  outcome.compared += ours.documents.length;
  if (scanBlocks(text.replace(/\r(?!\n)/g, '\n'))) outcome.scanned++;
}

async function filesUnder(dir: string, patterns: string[]): Promise<string[]> {
  return (await glob(patterns, { cwd: dir, absolute: true })).sort();
}

describe('reading values first agrees with the reader of record', async () => {
  const realFiles = [
    ...(await filesUnder(join(root, 'test/corpus/realworld'), ['**/*.yaml', '**/*.yml'])),
    ...(await filesUnder(root, ['examples/**/*.yaml'])),
  ];
  const real = realFiles.map((f) => ({ name: f, text: readFileSync(f, 'utf8') }));

  it('on every real-world file and example, reading most of their documents', () => {
    const outcome: Outcome = { compared: 0, scanned: 0, disagreements: [] };
    for (const { name, text } of real) compare(name, text, outcome);
    expect(outcome.disagreements.slice(0, 10)).toEqual([]);
    expect(outcome.compared).toBeGreaterThan(1200);
    expect(outcome.scanned).toBeGreaterThan(real.length * 0.85);
  }, 300_000);

  it(`on the generated corpus (${full ? '10,000' : '600'} documents, seed 42)`, () => {
    const dir = tempDir();
    const documents = full ? 10_000 : 600;
    const files = writeGeneratedCorpus(dir, documents);
    const outcome: Outcome = { compared: 0, scanned: 0, disagreements: [] };
    for (const file of files) compare(file, readFileSync(join(dir, file), 'utf8'), outcome);
    expect(outcome.disagreements.slice(0, 10)).toEqual([]);
    expect(outcome.compared).toBeGreaterThan(documents * 0.9);
    expect(outcome.scanned).toBeGreaterThan(files.length * 0.95);
  }, 600_000);

  // Every kind of edit (and every inserted token, every hostile variant) alike, one edit per
  // text; the full run (PLATLINT_FUZZ_FULL=1, CI) adds random rounds of one to three edits.
  it(`on seeded mutations of the real files (${full ? 'full' : 'bounded'})`, () => {
    const next = random(Number(process.env.FUZZ_SEED ?? 20261127));
    const outcome: Outcome = { compared: 0, scanned: 0, disagreements: [] };
    const shapes = [0, 2, 3, 4, 5].map((kind) => ({ kind, token: 0 }));
    INSERTS.forEach((_, token) => shapes.push({ kind: 1, token }));
    HOSTILE_KINDS.forEach((variants, i) => variants.forEach((_, token) => shapes.push({ kind: 6 + i, token })));
    const perShape = full ? 60 : 15;
    for (const shape of shapes) {
      for (let n = 0; n < (shape.kind === DEEP_NESTING_KIND ? 2 : perShape); n++) {
        const { name, text } = real[Math.floor(next() * real.length)]!;
        compare(
          `mutation (kind ${shape.kind}, token ${shape.token}) of ${name}`,
          mutate(text.slice(0, 8_000), next, shape),
          outcome,
        );
      }
    }
    for (let round = 0; round < (full ? 3000 : 0); round++) {
      const { name, text } = real[Math.floor(next() * real.length)]!;
      let mutated = text.slice(0, 20_000);
      for (let s = 1 + Math.floor(next() * 3); s > 0; s--) mutated = mutate(mutated, next);
      compare(`mutation ${round} of ${name}`, mutated, outcome);
    }
    expect(outcome.disagreements.slice(0, 10)).toEqual([]);
    expect(outcome.compared).toBeGreaterThan(300);
    expect(outcome.scanned).toBeGreaterThan(100);
  }, 900_000);

  // Short texts of YAML's tokens in random order reach corners that edits of real files do not
  // (each gate of values-only-read.ts beyond the first few was found this way): the values
  // and read findings of every text the first stage takes must be those of the reader of record.
  it(`on seeded token soup (${full ? '60,000' : '8,000'} texts)`, () => {
    const next = random(Number(process.env.FUZZ_SEED ?? 20261127));
    const starts = ['key: ', '- ', '', 'a:\n  ', '[', '{'];
    const tokens = [
      'a',
      'yes',
      '1',
      '0x1',
      '.5',
      'e3',
      '~',
      'null',
      'Off',
      '"q"',
      "'s'",
      '""',
      ':',
      ': ',
      '- ',
      '-',
      '? ',
      '[',
      ']',
      '{',
      '}',
      ',',
      '#c',
      ' #c',
      '|',
      '>',
      '|-',
      '|2',
      '>1',
      '|+',
      '---',
      '\n---\n',
      '"',
      "'",
      '\\',
      '\\n',
      '%',
      '@',
      '`',
      '&x ',
      '*x',
      '!',
      '=',
      '<',
      '\n',
      '\n  ',
      '\n    ',
      '\n x',
      '\n\n',
      ' ',
      '  ',
      '\r\n',
      '\r',
      '\u00a0',
      '\u0085',
      '\ufeff',
      'k: |\n  l1\n\n  l2\n',
      'k: "a\n  b"',
    ];
    const disagreements: string[] = [];
    let compared = 0;
    let scanned = 0;
    for (let n = 0; n < (full ? 60_000 : 8_000); n++) {
      let text = starts[Math.floor(next() * starts.length)]!;
      for (let i = 2 + Math.floor(next() * 12); i > 0; i--) text += tokens[Math.floor(next() * tokens.length)]!;
      text += '\n';
      const ours = SourceFile.fromText('soup.yaml', text);
      if (!ours.documents.some((d) => d.composedBy === 'loader')) continue;
      compared++;
      if (scanBlocks(text.replace(/\r(?!\n)/g, '\n'))) scanned++;
      const reference = SourceFile.fromText('soup.yaml', text, { valuesFirst: false });
      if (reference.diagnostics.length > 0 && underIndentedFlow(text)) continue;
      const read = (f: SourceFile): string => JSON.stringify([f.documents.map((d) => [d.start, d.end, d.value]), f.diagnostics]);
      if (read(ours) !== read(reference)) disagreements.push(`${JSON.stringify(text)}:\n${read(ours)}\n${read(reference)}`);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(full ? 6_000 : 800);
    // The block scanner reads a good share of them itself (382 of 982 at this seed).
    expect(scanned).toBeGreaterThan(full ? 1_500 : 200);
  }, 600_000);
});

// Issue 25, item 2: a source position costs a parse of the document's syntax tree, so a lint
// asks for one only where a finding is placed. A rule that looks a position up before it
// knows it reports (event/reporting-fields, the CEL checks of configuration files did) parses
// documents without a finding: on the generated corpus, nearly one in ten.
describe('positions only where a finding needs them', () => {
  it('a lint of the generated corpus (600 documents, seed 42) parses no syntax tree of a document without a finding', () => {
    const dir = tempDir();
    const files = writeGeneratedCorpus(dir, 600);
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      let parsed = 0;
      let placed = 0;
      const kinds = new Set<string>();
      for (const file of files) {
        const source = SourceFile.fromText(file, readFileSync(join(dir, file), 'utf8'), engine.sourceOptions);
        expect(source.documents.every((d) => d.composedBy === 'loader')).toBe(true);
        for (const d of source.documents) kinds.add(String((d.value as { kind?: unknown }).kind));
        parse.mockClear();
        const { diagnostics } = engine.lintSource(source);
        parsed += parse.mock.calls.length;
        placed += new Set(diagnostics.map((d) => d.document)).size;
      }
      // The corpus has the kinds whose rules asked early, and findings to place.
      expect([...kinds]).toEqual(expect.arrayContaining(['Event', 'AuthenticationConfiguration', 'AuthorizationConfiguration']));
      expect(placed).toBeGreaterThan(0);
      expect(parsed).toBeLessThanOrEqual(placed);
    } finally {
      parse.mockRestore();
    }
  }, 300_000);
});

// Most findings of a real-world lint sit on a document's `kind` or `apiVersion` (a kind
// platlint does not check, a version it does not serve): header-locate.ts places them from
// the document's lines at column 0, and only where the span is the syntax tree's. Each header shape
// it reads is here, placed without a tree and where the reader of record places it.
describe("a header's fields placed without a syntax tree", () => {
  const shapes: Record<string, string> = {
    'CRLF line breaks': 'apiVersion: example.com/v1\r\nkind: Widget\r\nmetadata:\r\n  name: a\r\n',
    'comments after the values': 'apiVersion: example.com/v1 # the group\nkind: Widget   #not ours\nmetadata:\n  name: a\n',
    'spaces after the values': 'apiVersion: example.com/v1  \nkind: Widget \nmetadata:\n  name: a\n',
    'double-quoted values': 'apiVersion: "example.com/v1"\nkind: "Widget"\nmetadata:\n  name: a\n',
    'single-quoted values': "apiVersion: 'example.com/v1'\nkind: 'Widget'\nmetadata:\n  name: a\n",
    'a quoted version platlint does not serve': 'apiVersion: "apps/v0"\nkind: Deployment\nmetadata:\n  name: a\n',
    'document starts with spaces and comments after them':
      '--- \napiVersion: example.com/v1\nkind: Widget\n---   # the second\r\napiVersion: example.com/v1\r\nkind: Gadget # x\r\n',
    // kubectl writes keys sorted: kind comes after data: or items:, whose content may be most of the document.
    'kind after a nested block and a block scalar (sorted keys)':
      'apiVersion: example.com/v1\ndata:\n  config.yaml: |-\n    kind: Other\n    x: y\n  b: c\nkind: Widget\nmetadata:\n  name: a\n',
    "kind after a list written at its key's column":
      'apiVersion: example.com/v1\nports:\n- name: a\n  kind: Other\n-\n  name: b\n- 80\nkind: Widget\r\nmetadata: {name: a}\n',
    'kind after a scalar continued on indented lines':
      'apiVersion: example.com/v1\ndescription: one\n  two\n\n  three\nnote: "four\n  five"\nkind: Widget\n',
  };

  it.each(Object.entries(shapes))('%s', (_, text) => {
    const reference = engine.lintSource(
      SourceFile.fromText('header.yaml', text, { ...engine.sourceOptions, valuesFirst: false }),
    );
    const ours = SourceFile.fromText('header.yaml', text, engine.sourceOptions);
    expect(ours.documents.every((d) => d.composedBy === 'loader')).toBe(true);
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      const { diagnostics } = engine.lintSource(ours);
      expect(parse).not.toHaveBeenCalled();
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics).toEqual(reference.diagnostics);
    } finally {
      parse.mockRestore();
    }
  });
});

// A document that is one flow mapping has lines at column 0 inside it (and inside the
// mappings it nests): header-locate.ts leaves it to the syntax tree.
it('places the kind of a document that is one flow mapping where the reader of record does', () => {
  const text = '{apiVersion: example.com/v1, spec: {x: 1,\nkind: Widget\n},\nkind: Widget\n}\n';
  const reference = engine.lintSource(SourceFile.fromText('flow.yaml', text, { ...engine.sourceOptions, valuesFirst: false }));
  const ours = SourceFile.fromText('flow.yaml', text, engine.sourceOptions);
  expect(ours.documents.map((d) => d.composedBy)).toEqual(['loader']);
  const { diagnostics } = engine.lintSource(ours);
  expect(diagnostics.map((d) => d.ruleId)).toContain('document/unknown-kind');
  expect(diagnostics).toEqual(reference.diagnostics);
});

// What needsReaderOfRecord once sent to the reader of record for nothing: text in a block
// scalar's body that looks like an alias, an anchor, a tag, a complex key or a comment after
// a quote (PromQL's `* 100`, a script's `?`), and a template's `{{ .x }}:` in a plain scalar.
// Each is now read values first, and must agree with the reader of record.
describe('shapes read values first', () => {
  const shapes: Record<string, string> = {
    'an alias-like line in a literal block scalar':
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  rule: |\n    (\n      rate(x[5m])\n    )\n    * 100\n    > 1\n',
    'anchor-, tag- and key-like lines in folded and chomped bodies':
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  a: >-\n    &x text\n    ! not a tag\n  b: |+ # keep\n    ? not a key\n    'quoted'#c\n    |2 text\n\n  c: plain\n",
    'a block scalar as a list item and under a keyed item':
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: c\n    image: busybox\n    args:\n    - |\n      * star\n      ? q\n    - x\n    command:\n    - sh\n  - name: d\n    image: busybox\n    env:\n    - name: S\n      value: |\n        *a\n',
    'a body ended by a less indented key, and the next one after it':
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  a: |\n      deep\n  b: |\n    * star\n  c: "[1]"\n',
    "a template's braces before a colon in a plain scalar":
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  msg: failed to send to {{ $labels.remote_name}}:{{ $labels.url }}\n',
  };

  it.each(Object.entries(shapes))('%s', (name, text) => {
    expect(SourceFile.fromText(name, text).documents.map((d) => d.composedBy)).toEqual(['loader']);
    const outcome: Outcome = { compared: 0, scanned: 0, disagreements: [] };
    compare(name, text, outcome);
    expect(outcome.disagreements).toEqual([]);
    expect(outcome.compared).toBe(1);
  });

  it('still sends an alias to nothing, an anchored key or a tag after a body to the reader of record', () => {
    for (const after of ['  b: *x\n', '  &x b: y\n', '  b: !!str y\n', '  [a]: b\n', '   * shallower than the body\n'])
      expect(
        SourceFile.fromText('after.yaml', `apiVersion: v1\nkind: ConfigMap\ndata:\n  a: |\n    * text\n${after}`).documents.map(
          (d) => d.composedBy,
        ),
      ).not.toEqual(['loader']);
  });
});
