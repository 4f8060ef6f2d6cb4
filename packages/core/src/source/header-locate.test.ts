// headerFieldSpan (header-locate.ts) answers for a document only where its span is the one
// the syntax tree gives: checked here against the tree (cst-locate.ts locateInCst) for every
// header field of the real-world corpus and the examples, read values first (js-yaml) and by
// the reader of record (the fast composer), as SourceFile.locate uses it for both; and so is
// firstKeySpan, against the first key of each document's tree (placed as locateParentKey places it).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locateInCst, spanOf } from './cst-locate.js';
import { firstKeySpan, headerFieldSpan } from './header-locate.js';
import { withLineFeeds } from './line-breaks.js';
import { SourceFile, type SourceDocument } from './source-file.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const files = ['test/corpus/realworld', 'examples'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(root, dir, f)),
);

/** A document either reader gives SourceFile.locate to read by its first lines, with the text the spans are offsets in. */
interface Readable {
  path: string;
  yamlText: string;
  doc: SourceDocument;
}

/** Every document of the corpus files read without a problem, as SourceFile.locate reads their first lines. */
function* readableDocuments(valuesFirst: boolean): Generator<Readable> {
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const file = SourceFile.fromText(path, text, { valuesFirst });
    if (file.diagnostics.length > 0) continue;
    const yamlText = withLineFeeds(text);
    for (const doc of file.documents) if (doc.composedBy === 'loader' || doc.composedBy === 'fast') yield { path, yamlText, doc };
  }
}

describe('headerFieldSpan', () => {
  it.each([true, false])(
    'gives the syntax tree’s span wherever it answers (values first: %s)',
    (valuesFirst) => {
      let answered = 0;
      const differ: string[] = [];
      for (const { path, yamlText, doc } of readableDocuments(valuesFirst))
        for (const key of ['apiVersion', 'kind', 'metadata'])
          for (const target of ['key', 'value'] as const) {
            const span = headerFieldSpan(yamlText, doc.start, doc.end, doc.value, key, target);
            if (!span) continue;
            answered++;
            const tree = locateInCst(doc.cst, [key], target);
            if (tree.start !== span.start || tree.end !== span.end || !tree.exact)
              differ.push(`${path}#${doc.index} ${key} ${target}: ${JSON.stringify(span)} vs ${JSON.stringify(tree)}`);
          }
      expect(differ.slice(0, 10)).toEqual([]);
      expect(answered).toBeGreaterThan(3000);
    },
    120_000,
  );
});

describe('firstKeySpan', () => {
  it.each([true, false])(
    'gives the span of the first key of the syntax tree wherever it answers (values first: %s)',
    (valuesFirst) => {
      let answered = 0;
      const differ: string[] = [];
      for (const { path, yamlText, doc } of readableDocuments(valuesFirst)) {
        const span = firstKeySpan(yamlText, doc.start, doc.end);
        if (!span) continue;
        answered++;
        const contents = doc.cst.value;
        const first = contents?.type === 'block-map' ? contents.items[0]?.key : undefined;
        const tree = first && spanOf(first);
        if (tree?.start !== span.start || tree.end !== span.end)
          differ.push(`${path}#${doc.index}: ${JSON.stringify(span)} vs ${JSON.stringify(tree)}`);
      }
      expect(differ.slice(0, 10)).toEqual([]);
      expect(answered).toBeGreaterThan(1000);
    },
    120_000,
  );

  it('answers only for a bare key at column 0 on the first line of content', () => {
    const at = (text: string) => firstKeySpan(text, 0, text.length);
    expect(at('# note\n---\nvalues: 1\n')).toEqual({ start: 11, end: 17 });
    expect(at('key:\r\n  nested: 1\r\n')).toEqual({ start: 0, end: 3 });
    for (const text of [
      '  indented: 1\n',
      '- item\n',
      '"quoted": 1\n',
      '&a key: 1\n',
      'key:value\n',
      '--- {a: 1}\n',
      'scalar\n',
      '',
    ])
      expect(at(text), text).toBeUndefined();
  });
});
