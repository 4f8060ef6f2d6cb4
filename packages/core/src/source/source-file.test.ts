import { Parser } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { SourceFile } from './source-file.js';

const text = (lines: string[]): string => `${lines.join('\n')}\n`;

describe('SourceFile', () => {
  it('reads several documents, each with its value', () => {
    const file = SourceFile.fromText('a.yaml', text(['a: 1', '---', 'b: [x, z]', '---', '# only a comment']));
    expect(file.documents.map((d) => d.value)).toEqual([{ a: 1 }, { b: ['x', 'z'] }, null]);
    expect(file.diagnostics).toEqual([]);
  });

  it('maps field paths to exact ranges, keys or values', () => {
    const file = SourceFile.fromText(
      'a.yaml',
      text(['spec:', '  template:', '    spec:', '      containers:', '      - name: app', '        image: nginx:1.27']),
    );
    const value = file.locate(0, ['spec', 'template', 'spec', 'containers', 0, 'image']);
    expect(file.lines.range(value.start, value.end)).toEqual({ start: { line: 6, column: 16 }, end: { line: 6, column: 26 } });
    const key = file.locate(0, ['spec', 'template', 'spec', 'containers', 0, 'image'], 'key');
    expect(file.lines.range(key.start, key.end)).toEqual({ start: { line: 6, column: 9 }, end: { line: 6, column: 14 } });
    expect(value.exact).toBe(true);
  });

  it('falls back to the closest ancestor for paths that do not exist', () => {
    const file = SourceFile.fromText('a.yaml', text(['spec:', '  replicas: 2']));
    const span = file.locate(0, ['spec', 'selector', 'matchLabels']);
    expect(span.exact).toBe(false);
    expect(file.lines.position(span.start)).toEqual({ line: 2, column: 3 });
    const parent = file.locateParentKey(0, ['spec', 'selector']);
    expect(file.lines.range(parent.start, parent.end)).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 5 } });
  });

  it('reports syntax errors with positions and keeps the other documents', () => {
    const file = SourceFile.fromText('a.yaml', text(['a: 1', '---', 'b: [1, 2', '---', 'c: 3']));
    expect(file.documents.map((d) => d.broken)).toEqual([false, true, false]);
    expect(file.documents[2]?.value).toEqual({ c: 3 });
    expect(file.diagnostics[0]).toMatchObject({ ruleId: 'yaml/syntax', document: 1 });
    expect(file.diagnostics[0]?.range.start.line).toBeGreaterThanOrEqual(3);
  });

  it('reports duplicate keys and tab indentation', () => {
    const dup = SourceFile.fromText('a.yaml', text(['a: 1', 'b: 2', 'a: 3']));
    expect(dup.diagnostics.map((d) => [d.ruleId, d.range.start.line])).toEqual([['yaml/duplicate-key', 3]]);
    // The document is still read, with the last value, as the platform does.
    expect(dup.documents[0]).toMatchObject({ broken: false, value: { a: 3, b: 2 } });
    const tabs = SourceFile.fromText('b.yaml', 'a:\n\tb: 1\n');
    expect(tabs.diagnostics.length).toBeGreaterThan(0);
    expect(tabs.documents[0]?.broken).toBe(true);
  });

  // go-yaml starts a comment at a `#` wherever it looks for the next token, space before it
  // or not (scannerc.go: yaml_parser_scan_to_next_token); `yaml` reads it as a comment too,
  // but reports the missing space. Both ways of reading a file must take such a document.
  it.each([
    ['a double-quoted scalar', 'name: "web"#note', { name: 'web' }],
    ['a single-quoted scalar, in a block sequence', "items:\n- 'a'#note", { items: ['a'] }],
    ['a flow mapping', 'labels: {app: web}#note', { labels: { app: 'web' } }],
    ['a flow sequence, its start and a comma', 'items: [#one\n  a,#two\n  b]#three', { items: ['a', 'b'] }],
    ["a block scalar's header", 'script: |#note\n  echo hi', { script: 'echo hi\n' }],
    ['a quoted key, which makes the rest of the line a comment', 'data:\n  "a"#b: c', { data: 'a' }],
  ])('reads a comment with no space after %s, as the platform does', (_, yaml, value) => {
    for (const valuesFirst of [true, false]) {
      const file = SourceFile.fromText('a.yaml', `${yaml}\n`, { valuesFirst });
      expect(file.diagnostics).toEqual([]);
      expect(file.documents.map((d) => [d.broken, d.value])).toEqual([[false, value]]);
    }
  });

  // go-yaml reads past a tag it does not resolve (resolve.go: resolvableTag): a scalar under
  // it keeps its text, a collection is read as any other.
  it.each([
    ['a local tag on a scalar', 'a: !ref 1', { a: '1' }],
    ['a local tag on a YAML 1.1 boolean', 'a: !ref yes', { a: 'yes' }],
    ['a tag of another language', 'a: !!python/str x', { a: 'x' }],
    ['a local tag on a collection', 'a: !ref [1, yes]', { a: [1, true] }],
  ])('reads %s as the platform does, with no error', (_, yaml, value) => {
    const file = SourceFile.fromText('a.yaml', `${yaml}\n`);
    expect(file.diagnostics).toEqual([]);
    expect(file.documents.map((d) => [d.broken, d.value])).toEqual([[false, value]]);
  });

  it('still refuses what a tag go-yaml resolves cannot be', () => {
    const file = SourceFile.fromText('a.yaml', 'a: !!int abc\nb: !!binary "not base64!"\n');
    expect(file.diagnostics.map((d) => d.ruleId)).toEqual(['yaml/syntax', 'yaml/syntax']);
  });

  // What go-yaml refuses and `yaml` or js-yaml read, on both ways of reading a file: a `:` with
  // no key before it (parserc.go; they read a key null), and an anchor or alias whose name
  // holds more than ASCII letters, digits, `_` and `-`, or runs into the next token
  // (scannerc.go: yaml_parser_scan_anchor).
  it.each([
    ['an entry with no key, on a line of its own in a block mapping', 'a: 1\n: x', [2, 1]],
    ['an entry with no key in a block sequence entry', 'a:\n- : x', [2, 3]],
    ['an entry with no key in a flow mapping', 'a: {b: 1, : x}', [1, 11]],
    ['an entry with no key in a flow sequence', 'a: [b,: x]', [1, 7]],
    ['an anchor with a dot in its name', 'a: &a.b 1', [1, 4]],
    ['an anchor with a letter past ASCII', 'b: &caf\u00e9 1', [1, 4]],
    ['an anchor with a flow mapping right after it', 'a: &base{b: 1}', [1, 4]],
    ['an alias with a dot', 'a: &x 1\nb: *x.y', [2, 4]],
  ])('refuses %s, where the platform does', (_, yaml, [line, column]) => {
    for (const valuesFirst of [true, false]) {
      const file = SourceFile.fromText('a.yaml', `${yaml}\n`, { valuesFirst });
      expect(file.diagnostics.map((d) => [d.ruleId, d.range.start.line, d.range.start.column])).toEqual([
        ['yaml/syntax', line, column],
      ]);
      expect(file.documents[0]?.broken).toBe(true);
    }
  });

  it('reads anchors and aliases go-yaml reads, in block and flow collections', () => {
    const yaml = 'labels: &app-labels_1\n  app: web\nselector: *app-labels_1\nlist: [&x 1, *x]\nmap: {a: &y 2, b: *y}\n';
    for (const valuesFirst of [true, false]) {
      const file = SourceFile.fromText('a.yaml', yaml, { valuesFirst });
      expect(file.diagnostics).toEqual([]);
      expect(file.documents[0]?.value).toEqual({
        labels: { app: 'web' },
        selector: { app: 'web' },
        list: [1, 1],
        map: { a: 2, b: 2 },
      });
    }
  });

  it('reads a key written with "? ", and a ":" inside a quoted scalar, as the platform does', () => {
    const file = SourceFile.fromText('a.yaml', '? a\n: x\nb: [":", "y, : z"]\n');
    expect(file.diagnostics).toEqual([]);
    expect(file.documents[0]?.value).toEqual({ a: 'x', b: [':', 'y, : z'] });
  });

  it('still refuses a tag with no space before the next token, as the platform does', () => {
    const file = SourceFile.fromText('a.yaml', 'a: !!str"q"\n');
    expect(file.diagnostics.map((d) => d.ruleId)).toEqual(['yaml/syntax']);
  });

  it('reports a duplicate key at its own path and range, however deep', () => {
    const file = SourceFile.fromText(
      'a.yaml',
      text([
        'spec:',
        '  items:',
        '    - name: a',
        '      port: 1',
        '      name: b',
        '  x: 1',
        '  x: 2',
        '  <<: {y: 1}',
        '  <<: {z: 1}',
      ]),
    );
    const merges = file.diagnostics.pop();
    expect(file.diagnostics.map((d) => [d.path, d.range.start.line, d.range.start.column, d.range.end.column])).toEqual([
      ['spec.items[0].name', 5, 7, 11],
      ['spec.x', 7, 3, 4],
    ]);
    expect(file.diagnostics[0]?.message).toMatch(/"name" is set twice in this mapping \(first on line 3\)/);
    expect(merges?.path).toBe('spec["<<"]');
    expect(file.documents[0]?.value).toMatchObject({ spec: { items: [{ name: 'b', port: 1 }], x: 2 } });
  });

  it('reads YAML 1.1 scalars the way the platform does', () => {
    const file = SourceFile.fromText(
      'a.yaml',
      text(['a: yes', 'b: off', 'c: 0777', 'd: 2024-01-01', 'e: 1:20', 'f: "yes"', 'g: 1_000']),
    );
    expect(file.documents[0]?.value).toEqual({ a: true, b: false, c: 511, d: '2024-01-01', e: '1:20', f: 'yes', g: 1000 });
    expect(SourceFile.fromText('b.yaml', 'list: [y, n, x]\n').documents[0]?.value).toEqual({ list: [true, false, 'x'] });
    // Numbers need a digit: these are names, not NaN.
    expect(SourceFile.fromText('c.yaml', 'a: e2\nb: E5\nc: .\nd: 1e3\ne: .5\nf: -1.\n').documents[0]?.value).toEqual({
      a: 'e2',
      b: 'E5',
      c: '.',
      d: 1000,
      e: 0.5,
      f: -1,
    });
  });

  it('drops map entries whose value is null, as the platform decodes them', () => {
    const file = SourceFile.fromText(
      'a.yaml',
      text(['metadata:', '  creationTimestamp: null', '  name: x', 'status: {}', 'list: [null]', 'empty:']),
    );
    expect(file.documents[0]?.value).toEqual({ metadata: { name: 'x' }, status: {}, list: [null] });
  });

  it('resolves anchors, aliases and merge keys', () => {
    const file = SourceFile.fromText('a.yaml', text(['base: &b {p: 1, q: 2}', 'copy: *b', 'merged:', '  <<: *b', '  q: 3']));
    expect(file.documents[0]?.value).toEqual({ base: { p: 1, q: 2 }, copy: { p: 1, q: 2 }, merged: { p: 1, q: 3 } });
  });

  // go-yaml v2 (decode.go: parser.alias, decoder.alias) refuses both; `yaml` read the first as null.
  describe('refuses an alias that resolves to nothing, at the alias, on either composer', () => {
    const cases: [string, string, 'fast' | 'yaml', string, RegExp][] = [
      ['an alias to no anchor', 'a: 1\nlabels: *nope\n', 'fast', '*nope', /alias \*nope refers to no anchor/],
      ['an alias before its anchor', 'b: *x\na: &x {c: 1}\n', 'fast', '*x', /alias \*x refers to no anchor/],
      [
        'an alias to no anchor in a document with a tag',
        'a: !!str 1\nlabels: *nope\n',
        'yaml',
        '*nope',
        /alias \*nope refers to no anchor/,
      ],
      [
        'an alias inside its own anchored mapping',
        'a: &x\n  b: *x\n',
        'fast',
        '*x',
        /alias \*x stands inside the node anchored &x/,
      ],
      [
        'an alias inside its own anchored flow mapping, with a tag',
        'a: &x {b: *x, c: !!str 1}\n',
        'yaml',
        '*x',
        /alias \*x stands inside the node anchored &x/,
      ],
      [
        'an alias inside a node that takes the anchor name again',
        'a: &x [1]\nb: &x\n  - *x\n',
        'fast',
        '*x',
        /stands inside the node anchored &x/,
      ],
    ];
    it.each(cases)('%s', (_, source, composer, alias, message) => {
      // A tab sends the whole file to `yaml`; the cases marked 'fast' are read on both paths.
      for (const [text, by] of composer === 'fast'
        ? [
            [source, 'fast'],
            [`${source}#\tnote\n`, 'yaml'],
          ]
        : [[source, 'yaml']]) {
        const file = SourceFile.fromText('alias.yaml', text as string);
        const at = (text as string).lastIndexOf(alias);
        expect(file.diagnostics, `${by}: ${JSON.stringify(text)}`).toEqual([
          expect.objectContaining({
            ruleId: 'yaml/syntax',
            document: 0,
            message: expect.stringMatching(message),
            range: file.lines.range(at, at + alias.length),
          }),
        ]);
        expect(file.documents[0]).toMatchObject({ broken: true, value: undefined, composedBy: by });
      }
    });

    it('still reports the errors of the rest of a document the fast path leaves to yaml', () => {
      const file = SourceFile.fromText('alias.yaml', 'a: *nope\nb: [1\n');
      expect(file.diagnostics.map((d) => d.message).join('\n')).toMatch(/flow sequence|end/i);
    });

    it('keeps reading the next documents, where the anchor name means nothing', () => {
      const file = SourceFile.fromText('alias.yaml', 'a: &x 1\n---\nb: *x\n---\nc: 2\n');
      expect(file.diagnostics).toEqual([
        expect.objectContaining({ document: 1, range: { start: { line: 3, column: 4 }, end: { line: 3, column: 6 } } }),
      ]);
      expect(file.documents.map((d) => d.value)).toEqual([{ a: 1 }, undefined, { c: 2 }]);
    });
  });

  // go-yaml v2, scannerc.go read_line: CR LF, CR and LF each end a line.
  describe('reads a lone CR as a line break, with positions where an editor shows them', () => {
    const lf = 'kind: A\nspec:\n  items:\n  - name: "x y"\n    note: |\n      one\n      two\n---\nkind: B\nlist: [1, 2]\n';
    const variants: [string, string][] = [
      ['CR only', lf.replaceAll('\n', '\r')],
      ['CR only, with a tab (read by yaml)', lf.replaceAll('\n', '\r').replace('kind: B', 'kind: B #\tnote')],
      [
        'mixed CR, LF and CRLF',
        lf
          .split('\n')
          .map((line, i) => line + ['\r', '\n', '\r\n'][i % 3])
          .join('')
          .slice(0, -1),
      ],
    ];
    it.each(variants)('%s', (_, text) => {
      const file = SourceFile.fromText('cr.yaml', text, { keepTreesBelow: 0 });
      expect(file.diagnostics).toEqual([]);
      expect(file.documents.map((d) => d.value)).toEqual([
        { kind: 'A', spec: { items: [{ name: 'x y', note: 'one\ntwo\n' }] } },
        { kind: 'B', list: [1, 2] },
      ]);
      const note = file.locate(0, ['spec', 'items', 0, 'note'], 'key');
      expect(file.lines.range(note.start, note.end)).toEqual({ start: { line: 5, column: 5 }, end: { line: 5, column: 9 } });
      const two = file.locate(1, ['list', 1]);
      expect(file.lines.range(two.start, two.end)).toEqual({ start: { line: 10, column: 11 }, end: { line: 10, column: 12 } });
      // The text stays as read: fixes and digests are made on the file's own bytes.
      expect(file.text).toBe(text);
    });

    it('places a syntax error of a CR-only file on its own line', () => {
      const file = SourceFile.fromText('cr.yaml', 'a: 1\rb: [1, 2\rc: 3\r');
      expect(file.diagnostics.length).toBeGreaterThan(0);
      for (const d of file.diagnostics) expect(d.range.start.line).toBeGreaterThanOrEqual(2);
    });
  });

  it('refuses a billion-laughs document quickly instead of expanding it', () => {
    const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
    const started = Date.now();
    const file = SourceFile.fromText('bomb.yaml', text(lines));
    expect(Date.now() - started).toBeLessThan(10_000); // a guard against hanging, not a timing assertion
    expect(file.documents[0]?.broken).toBe(true);
    expect(file.diagnostics.map((d) => d.ruleId)).toContain('yaml/alias-limit');
  });

  it('survives absurdly deep nesting with a finding, not a crash', () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}\n`;
    const file = SourceFile.fromText('deep.yaml', deep);
    expect(file.diagnostics.length).toBeGreaterThan(0);
  });

  it('refuses binary, UTF-16 and malformed UTF-8 input with a clear message', () => {
    expect(SourceFile.fromBytes('a', new Uint8Array([0x61, 0x3a, 0x00, 0x01])).diagnostics[0]).toMatchObject({
      ruleId: 'file/encoding',
      message: expect.stringContaining('binary'),
    });
    expect(SourceFile.fromBytes('a', new Uint8Array([0xff, 0xfe, 0x61, 0x00])).diagnostics[0]?.message).toContain('UTF-16');
    expect(SourceFile.fromBytes('a', new Uint8Array([0x61, 0x3a, 0x20, 0xc3, 0x28])).diagnostics[0]?.message).toContain(
      'offset 3',
    );
  });

  it('warns about empty files and accepts a byte-order mark', () => {
    expect(SourceFile.fromText('a', '  \n').diagnostics[0]?.ruleId).toBe('file/empty');
    const bom = SourceFile.fromBytes('a', new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3a, 0x20, 0x31]));
    expect(bom.diagnostics).toEqual([]);
    expect(bom.documents[0]?.value).toEqual({ a: 1 });
  });

  it('refuses files over the size limit without reading them', () => {
    const file = SourceFile.fromBytes('big', new Uint8Array(2048), { maxBytes: 1024 });
    expect(file.diagnostics[0]?.ruleId).toBe('file/too-large');
  });
});

describe('syntax trees after reading', () => {
  // The fields asked about hold mappings: a scalar's place is found by the block scanner
  // without a tree (block-scan.ts scannedSpan), a collection's by the tree.
  const twoDocuments = 'kind: Kept\nvalue:\n  x: 1\n---\nkind: Released\nvalue:\n  x: 2\n';

  it('parses a released document again on first use, and keeps those the reader asks to keep', () => {
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      const keepTreeOf = vi.fn((value: unknown) => (value as { kind?: string }).kind === 'Kept');
      const file = SourceFile.fromText('two.yaml', twoDocuments, { keepTreesBelow: 0, keepTreeOf, valuesFirst: false });
      expect(keepTreeOf.mock.calls.map(([value]) => value)).toEqual([
        { kind: 'Kept', value: { x: 1 } },
        { kind: 'Released', value: { x: 2 } },
      ]);
      const afterReading = parse.mock.calls.length;
      expect(file.lines.range(file.locate(0, ['value']).start, file.locate(0, ['value']).end).start).toEqual({
        line: 3,
        column: 3,
      });
      expect(parse.mock.calls.length).toBe(afterReading);
      expect(file.lines.range(file.locate(1, ['value']).start, file.locate(1, ['value']).end).start).toEqual({
        line: 7,
        column: 3,
      });
      expect(parse.mock.calls.length).toBe(afterReading + 1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('positions without a syntax tree', () => {
  it('reads a document again for a few positions, then parses its tree once for the rest', () => {
    const text = `kind: A\nspec:\n${Array.from({ length: 20 }, (_, i) => `  f${i}: v${i}\n`).join('')}`;
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      const file = SourceFile.fromText('many.yaml', text);
      const spans = Array.from({ length: 20 }, (_, i) => file.locate(0, ['spec', `f${i}`]));
      expect(parse).toHaveBeenCalledTimes(1);
      spans.forEach((span, i) => expect(text.slice(span.start, span.end)).toBe(`v${i}`));
    } finally {
      parse.mockRestore();
    }
  });
});

describe('values read first', () => {
  const text =
    'kind: A\nspec:\n  on: yes\n  empty: null\n  items:\n  - name: x\n    size: 017\n---\n# between\nkind: B\nlist: [1, 2]\n';

  it('reads values as the reader of record does, with no syntax tree until a position is asked for', () => {
    const parse = vi.spyOn(Parser.prototype, 'parse');
    let first: SourceFile;
    try {
      first = SourceFile.fromText('a.yaml', text);
      expect(parse).not.toHaveBeenCalled();
      expect(first.documents.map((d) => d.composedBy)).toEqual(['loader', 'loader']);
      expect(first.documents.map((d) => [d.value, d.start, d.end])).toEqual(
        SourceFile.fromText('a.yaml', text, { valuesFirst: false }).documents.map((d) => [d.value, d.start, d.end]),
      );
      expect(first.documents[0]?.value).toEqual({ kind: 'A', spec: { true: true, items: [{ name: 'x', size: 15 }] } });
      expect(first.layout()).toEqual([
        { start: 0, end: text.indexOf('---') },
        { start: text.indexOf('---'), end: text.length },
      ]);
    } finally {
      parse.mockRestore();
    }
    const reference = SourceFile.fromText('a.yaml', text, { valuesFirst: false });
    const parseAgain = vi.spyOn(Parser.prototype, 'parse');
    try {
      expect(first.locate(1, ['list', 1])).toEqual(reference.locate(1, ['list', 1]));
      expect(parseAgain).toHaveBeenCalledTimes(1);
    } finally {
      parseAgain.mockRestore();
    }
  });

  it('keeps a __proto__ key as an own key, reads keys as YAML 1.1 scalars (y is true) and drops null entries at every depth, as the reader of record', () => {
    const text = 'a: 1\n__proto__: {polluted: yes}\nlist:\n- {x: ~, y: 2}\n- null\nnested:\n  gone: null\n  kept: {z: Null}\n';
    const [ours, reference] = [SourceFile.fromText('p.yaml', text), SourceFile.fromText('p.yaml', text, { valuesFirst: false })];
    expect(ours.documents[0]?.composedBy).toBe('loader');
    const value = ours.documents[0]?.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(JSON.stringify(value)).toBe(JSON.stringify(reference.documents[0]?.value));
    expect(value).toEqual({ a: 1, ['__proto__']: { polluted: true }, list: [{ true: 2 }, null], nested: { kept: {} } });
  });

  it("refuses a control character, as the platform's reader does (go-yaml v2, readerc.go)", () => {
    for (const [text, code, line] of [
      ['a: 1\nb: x\u001by\n', '001B', 2],
      ['a: "\u0085 is NEL, allowed"\nb: \u007f\n', '007F', 2],
      ['a: \ufffe\n', 'FFFE', 1],
    ] as const) {
      const file = SourceFile.fromText('t.yaml', text);
      expect(
        file.diagnostics.map((d) => [d.ruleId, d.message.slice(0, 25), d.range.start.line]),
        JSON.stringify(text),
      ).toEqual([['yaml/syntax', `control character U+${code}:`, line]]);
    }
    expect(SourceFile.fromText('t.yaml', 'a: "tab\there"\nb: \u0085\n').diagnostics).toEqual([]);
  });

  it("refuses a mapping or a sequence as a key, as the platform's reader does (go-yaml v2, decode.go: decoder.mapping)", () => {
    // js-yaml would name such a key `a,b` or `[object Object]`, `yaml` writes it as JSON.
    for (const text of ['[a, b]: c\n', '? {a: 1}\n: c\n', 'k:\n  ? - x\n  : c\n']) {
      const file = SourceFile.fromText('t.yaml', text);
      expect(file.documents[0]?.broken, text).toBe(true);
      expect(
        file.diagnostics.map((d) => [d.ruleId, d.message]),
        text,
      ).toEqual([
        ['yaml/syntax', 'a mapping or a sequence as a key: the platform reads keys as plain values, and refuses the document'],
      ]);
    }
  });

  it('leaves to the reader of record what it does not read the same way', () => {
    for (const text of [
      'a: *x\n',
      'a: &x 1\nb: [*x]\n',
      'a: !!binary aGk=\n',
      'base: {a: 1}\nm:\n  <<: {b: 2}\n',
      'a: 1\na: 2\n',
      'a:\n\tb: 1\n',
      '%YAML 1.1\n---\na: 1\n',
      'a: [1\n',
      '# only a comment\n',
      '? [a, b]\n: c\n',
      '[a, b]: c\n',
      '{[a]:b}\n',
      'x: [{a: 1}:b]\n',
      "key: 's'#c\n",
      'key: &x yes - k2: 1\n',
      '---\n|1\n  \n',
      '---.5\n',
      'a:\n  -\n- Off\n',
      '- a:\n    - x\n  - y\n',
      'a:\r\n  - x\r\n- y\r\n',
      'a:   \n  - x\n- y\n',
      'a:\n  # c\n\n  - x\n- y\n',
      'a: 1\nb: \uFEFFc\n',
    ]) {
      expect(SourceFile.fromText('t.yaml', text).documents.every((d) => d.composedBy !== 'loader')).toBe(true);
    }
    // A sequence at its key's column is the key's value, as every manifest writes its lists.
    expect(
      SourceFile.fromText('t.yaml', 'a:\n- x\n- y\nb:\n  - z\nc:\n- name: v\n  args:\n  - w\n- name: u\n').documents.map(
        (d) => d.composedBy,
      ),
    ).toEqual(['loader']);
    // Braces inside a scalar are no key: such a file stays on the first stage.
    expect(SourceFile.fromText('t.yaml', 'x: ${A}:${B}\ny: a*b!\n').documents.map((d) => d.composedBy)).toEqual(['loader']);
  });
});

describe('a text opened again from its layout', () => {
  const text = 'kind: A\nspec:\n  items:\n  - name: x\n    size: 1\n---\n# between\nkind: B\nlist: [1, 2]\n';

  it('places every path where the whole read does, parsing only the documents asked about', () => {
    const whole = SourceFile.fromText('a.yaml', text, { valuesFirst: false });
    const layout = whole.layout();
    expect(layout).toEqual([
      { start: 0, end: text.indexOf('---') },
      { start: text.indexOf('---'), end: text.length },
    ]);
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      const again = SourceFile.fromLayout('a.yaml', text, layout!);
      expect(again.documents.map((d) => d.value)).toEqual([undefined, undefined]);
      for (const [document, path] of [
        [0, ['spec', 'items', 0, 'size']],
        [0, ['spec', 'missing']],
        [1, ['list', 1]],
      ] as const) {
        for (const target of ['key', 'value'] as const)
          expect(again.locate(document, [...path], target)).toEqual(whole.locate(document, [...path], target));
      }
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it('has no layout when a document was read by yaml itself or the read found a problem', () => {
    expect(SourceFile.fromText('tag.yaml', 'a: !!str 1\n---\nb: 2\n').layout()).toBeUndefined();
    expect(SourceFile.fromText('bad.yaml', 'a: [1\n').layout()).toBeUndefined();
  });
});

describe('a top-level field of a document read values first', () => {
  // Each text's kind and apiVersion, key and value, must be where the syntax tree puts them;
  // the first ones have a header plain enough to be found without the tree.
  const plain = [
    'apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: a\n',
    '# a comment\n---\n# another\napiVersion: apps/v1\n\nkind: Deployment\nspec: {}\n',
    'x: 1\n---\napiVersion: v1\nkind: Endpoints\n',
  ];
  const other = [
    'apiVersion: v1\nkind: "Endpoints"\n',
    "kind: 'Endpoints'\n",
    'apiVersion: v1\r\nkind: Endpoints\r\n',
    'apiVersion: v1\nkind: Endpoints # deprecated\n',
    'apiVersion: v1\nkind: Endpoints   \n',
    'metadata:\n  name: a\nkind: Endpoints\n',
    'apiVersion: v1\nkind: End\n  points\n',
    '  # indented comment\napiVersion: v1\nkind: Endpoints\n',
    'apiVersion: {a: 1}\nkind: Endpoints\n',
    'kind: 1.5\n',
  ];

  it('is placed where the syntax tree places it', () => {
    for (const text of [...plain, ...other]) {
      const ours = SourceFile.fromText('t.yaml', text);
      const reference = SourceFile.fromText('t.yaml', text, { valuesFirst: false });
      ours.documents.forEach((_, document) => {
        for (const field of ['kind', 'apiVersion', 'metadata']) {
          for (const target of ['key', 'value'] as const)
            expect([text, field, target, ours.locate(document, [field], target)]).toEqual([
              text,
              field,
              target,
              reference.locate(document, [field], target),
            ]);
        }
      });
    }
  });

  it('is found without parsing the syntax tree when the header is plain', () => {
    const parse = vi.spyOn(Parser.prototype, 'parse');
    try {
      for (const text of plain) {
        const file = SourceFile.fromText('t.yaml', text);
        expect(file.documents.every((d) => d.composedBy === 'loader')).toBe(true);
        parse.mockClear();
        const last = file.documents.length - 1;
        expect(file.locate(last, ['kind'])).toEqual({
          start: text.lastIndexOf('kind: ') + 6,
          end: text.indexOf('\n', text.lastIndexOf('kind: ')),
          exact: true,
        });
        expect(file.locate(last, ['apiVersion'], 'key').exact).toBe(true);
        expect(parse).not.toHaveBeenCalled();
      }
    } finally {
      parse.mockRestore();
    }
  });
});
