import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { Parser, parseAllDocuments, parseDocument } from 'yaml';
import type { CST, Document } from 'yaml';
import { describe, expect, it } from 'vitest';
import { FastComposer, PLAIN_TAG_PATTERNS, TooDeepError, resolvePlain } from './fast-compose.js';
import { withLineFeeds } from './line-breaks.js';
import { MAX_NESTING } from './nesting.js';
import { SourceFile } from './source-file.js';
import { DEEP_NESTING_KIND, HOSTILE_KINDS, INSERTS, mutate, random, type Shape } from '../testing/mutations.js';
import { toValue } from './to-value.js';
import { yamlOptions } from './yaml-schema.js';

/**
 * The fast path may only accept a document when `yaml` itself accepts it with the same
 * value. Checked over real files and thousands of seeded mutations of them.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Outcome {
  accepted: number;
  compared: number;
  disagreements: string[];
}

function compare(name: string, text: string, outcome: Outcome): void {
  // `yaml` reads what the platform reads: a lone CR is a line break there (line-breaks.ts).
  const reference = parseAllDocuments(withLineFeeds(text), yamlOptions);
  if (!Array.isArray(reference)) return;
  // Every file lets its trees go (not only large ones), so that parsing a document alone is checked on all of them.
  const ours = SourceFile.fromText(name, text, { keepTreesBelow: 0, valuesFirst: false });
  if (ours.documents.length !== reference.length) return; // stray tokens: no document to pair with
  const trees = [...new Parser().parse(withLineFeeds(text))].filter((t) => t.type === 'document');
  ours.documents.forEach((doc, i) => {
    if (doc.composedBy !== 'fast' || doc.broken) return;
    outcome.accepted++;
    // The tree of a fast document is parsed again, alone, when asked for: it must be the one the whole text gives.
    if (JSON.stringify(doc.cst) !== JSON.stringify(trees[i]))
      outcome.disagreements.push(`${name} document ${i}: syntax tree parsed alone differs`);
    const ref = reference[i] as Document;
    if (ref.errors.length > 0) {
      outcome.disagreements.push(
        `${name} document ${i}: accepted, but yaml reports ${ref.errors[0]?.code}: ${ref.errors[0]?.message.split('\n')[0]}`,
      );
      return;
    }
    outcome.compared++;
    if (JSON.stringify(doc.value) !== JSON.stringify(toValue(ref)))
      outcome.disagreements.push(`${name} document ${i}: values differ`);
  });
}

describe('fast composition agrees with yaml', async () => {
  const files = [
    ...(await glob(['**/*.yaml', '**/*.yml'], { cwd: `${root}test/corpus/realworld`, absolute: true })),
    ...(await glob(['examples/**/*.yaml'], { cwd: root, absolute: true })),
  ].sort();
  const texts = files.map((f) => readFileSync(f, 'utf8'));

  it('on every real file, accepting most documents', () => {
    const outcome: Outcome = { accepted: 0, compared: 0, disagreements: [] };
    texts.forEach((text, i) => compare(files[i] as string, text, outcome));
    expect(outcome.disagreements).toEqual([]);
    expect(outcome.compared).toBeGreaterThan(1500);
  });

  // By default every kind of edit, every inserted token and every hostile variant is tried the
  // same number of times (40 files each; 3 for the deep nesting), one edit per text: about 1,900 rounds. The full run
  // (PLATLINT_FUZZ_FULL=1, which CI sets in a step of its own) adds 12,000 random rounds of one
  // to three edits each, on longer texts.
  // The hostile shapes (kinds 6 on: aliases to no anchor, other line breaks, control characters,
  // tags, deep nesting) are tried too, each variant alike.
  const shapes: Shape[] = [0, 2, 3, 4, 5]
    .map((kind) => ({ kind, token: 0 }))
    .concat(INSERTS.map((_, token) => ({ kind: 1, token })))
    .concat(HOSTILE_KINDS.flatMap((variants, i) => variants.map((_, token) => ({ kind: 6 + i, token }))));

  it('on seeded mutations of them, each kind of edit alike', () => {
    const next = random(Number(process.env.FUZZ_SEED ?? 20261122));
    const outcome: Outcome = { accepted: 0, compared: 0, disagreements: [] };
    let round = 0;
    for (const shape of shapes) {
      // A value nested past every limit is only ever refused: a few files show it.
      const count = shape.kind === DEEP_NESTING_KIND ? 3 : 40;
      for (let n = 0; n < count; n++, round++) {
        const i = Math.floor(next() * texts.length);
        const text = mutate((texts[i] as string).slice(0, 8_000), next, shape);
        compare(`mutation ${round} (kind ${shape.kind}, token ${shape.token}) of ${files[i]}`, text, outcome);
      }
    }
    expect(outcome.disagreements.slice(0, 20)).toEqual([]);
    expect(outcome.compared).toBeGreaterThan(600);
  }, 180_000);

  it.runIf(process.env.PLATLINT_FUZZ_FULL === '1')(
    'on 12,000 random seeded mutations of them (PLATLINT_FUZZ_FULL=1)',
    () => {
      const next = random(Number(process.env.FUZZ_SEED ?? 20261122));
      const outcome: Outcome = { accepted: 0, compared: 0, disagreements: [] };
      for (let round = 0; round < 12000; round++) {
        const i = Math.floor(next() * texts.length);
        let text = texts[i] as string;
        if (text.length > 20_000) text = text.slice(0, 20_000);
        const steps = 1 + Math.floor(next() * 3);
        for (let s = 0; s < steps; s++) text = mutate(text, next);
        compare(`mutation ${round} of ${files[i]}`, text, outcome);
      }
      expect(outcome.disagreements.slice(0, 20)).toEqual([]);
      expect(outcome.compared).toBeGreaterThan(1000);
    },
    600_000,
  );
});

describe('shapes the fast path reads itself', () => {
  const cases: [string, string][] = [
    ['a plain scalar over several lines', 'description: a long\n  sentence folded\n\n  over lines\ncount: 12\n  34\n'],
    [
      'a comment line after the last item of a sequence',
      'env:\n  - name: A\n    value: "0"\n  # - name: B\n  #   value: "1"\nnext: 1\n',
    ],
    ['a comment line after the last entry of a nested mapping', 'spec:\n  a: 1\n    # indented note\n  # note\nkind: x\n'],
  ];
  it.each(cases)('%s', (_, text) => {
    const ours = SourceFile.fromText('shape.yaml', text, { valuesFirst: false });
    expect(ours.documents.map((d) => d.composedBy)).toEqual(['fast']);
    expect(ours.documents[0]?.value).toEqual(toValue(parseAllDocuments(text, yamlOptions)[0] as Document));
  });
});

describe('a syntax tree parsed again alone', () => {
  it('ends as in the whole text when a comment runs up to the next `---`', () => {
    // `yaml` drops the line break after `# c` when `---` follows, and keeps it at the end of a text.
    const text = 'kind: Service\nspec:\n# c\n---\na: 1\n';
    const ours = SourceFile.fromText('q.yaml', text, { keepTreesBelow: 0, valuesFirst: false });
    const trees = [...new Parser().parse(withLineFeeds(text))].filter((t) => t.type === 'document');
    expect(ours.documents.map((d) => JSON.stringify(d.cst))).toEqual(trees.map((t) => JSON.stringify(t)));
  });
});

describe('nesting measured while composing', () => {
  // `depth` block mappings, one inside the other, each on its own line.
  const nested = (depth: number): string =>
    Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' leaf\n';

  it('composes a document at the limit, and stops at the first collection past it', () => {
    const atLimit = SourceFile.fromText('ok.yaml', nested(MAX_NESTING), { valuesFirst: false });
    expect(atLimit.documents[0]).toMatchObject({ composedBy: 'fast', broken: false });
    const text = nested(MAX_NESTING + 40);
    const doc = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document') as CST.Document;
    let thrown: unknown;
    try {
      new FastComposer(text, 1000).compose(doc);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TooDeepError);
    // The map that opens at level MAX_NESTING + 1 is the value of key k{MAX_NESTING}, on the next line.
    expect((thrown as TooDeepError).offset).toBe(text.indexOf(`k${MAX_NESTING}:`));
  });

  it('reports the place as a syntax error and reads the next document', () => {
    const file = SourceFile.fromText('deep.yaml', `${nested(MAX_NESTING + 40)}---\nkind: ok\n`);
    expect(file.diagnostics).toEqual([
      expect.objectContaining({
        ruleId: 'yaml/syntax',
        document: 0,
        range: expect.objectContaining({ start: { line: MAX_NESTING + 1, column: 2 * MAX_NESTING + 1 } }),
      }),
    ]);
    expect(file.documents[1]?.value).toEqual({ kind: 'ok' });
  });
});

describe('plain scalars that can only be strings', () => {
  it('are told by their first character against exactly these tag patterns', () => {
    // mayNotBeString (fast-compose.ts) was derived from this list: a new or changed pattern must be checked there.
    expect(PLAIN_TAG_PATTERNS).toEqual([
      '^(?:~|[Nn]ull|NULL)?$',
      '^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$',
      '^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$',
      '^[-+]?0b[0-1_]+$',
      '^[-+]?0[0-7_]+$',
      '^[-+]?[0-9][0-9_]*$',
      '^[-+]?0x[0-9a-fA-F_]+$',
      '^(?:[-+]?\\.(?:inf|Inf|INF)|\\.nan|\\.NaN|\\.NAN)$',
      '^[-+]?(?:[0-9][0-9_]*(?:\\.[0-9_]*)?|\\.[0-9][0-9_]*)[eE][-+]?[0-9]+$',
      '^[-+]?(?:[0-9][0-9_]*\\.[0-9_]*|\\.[0-9][0-9_]*)$',
    ]);
    const cases: [string, unknown][] = [
      ['', null],
      ['~', null],
      ['NULL', null],
      ['Yes', true],
      ['OFF', false],
      ['n', false],
      ['0x1F', 31],
      ['017', 15],
      ['-.inf', -Infinity],
      ['.5', 0.5],
      ['1e3', 1000],
      ['nginx', 'nginx'],
      ['Nulls', 'Nulls'],
      ['offset', 'offset'],
      ['a1', 'a1'],
    ];
    for (const [source, value] of cases) expect([source, resolvePlain(source)]).toEqual([source, value]);
  });

  it('resolves short decimals and the commonest words (shortcuts past the patterns) as the schema does, and the rest by the patterns', () => {
    const schemaValue = (source: string): unknown => parseDocument(`${source}\n`, yamlOptions).toJS();
    const sources = [
      '',
      '0',
      '7',
      '10',
      '300',
      '10001',
      '999999999999999',
      '1000000000000000',
      '9007199254740993',
      '00',
      '01',
      '08',
    ];
    sources.push('-1', '+5', '1_000', '1.0', '1e3', '12a', '٣', 'true', 'false', 'null', '~', 'True', 'NULL', 'yes');
    for (const source of sources) expect([source, resolvePlain(source)]).toEqual([source, schemaValue(source)]);
  });

  it('tells every case form of the YAML 1.1 words, and words of every first letter or digit, as the schema does', () => {
    // mayNotBeString's first-character test (its letters by bit 0x20) must never call a word a string that a tag takes.
    const schemaValue = (source: string): unknown => parseDocument(`${source}\n`, yamlOptions).toJS();
    const caseForms = (word: string): string[] =>
      [...word].reduce<string[]>(
        (forms, ch) => forms.flatMap((f) => [...new Set([f + ch.toLowerCase(), f + ch.toUpperCase()])]),
        [''],
      );
    const words = ['y', 'n', 'yes', 'no', 'on', 'off', 'true', 'false', 'null', 'nulls', 'yess', 'offs'];
    const sources = words.flatMap(caseForms);
    const firsts = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+-~_/';
    for (const first of firsts)
      for (const rest of ['', 'es', 'o', 'n', 'ff', 'ull', 'rue', 'alse', '1', '.5', 'x1f']) sources.push(first + rest);
    // (A lone `-` is a sequence entry, not a scalar, in a document of its own.)
    for (const source of sources.filter((s) => s !== '-'))
      expect([source, resolvePlain(source)]).toEqual([source, schemaValue(source)]);
  });
});
