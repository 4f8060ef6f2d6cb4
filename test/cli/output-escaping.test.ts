// Text a linted file puts into a report (its keys, its values, its name) through the real CLI,
// in every format (issue 23, item 3): a line break must not start a GitHub workflow command,
// an ESC sequence must not reach the terminal, the JUnit XML must stay well-formed, and a file
// name must stay one whole URI reference in SARIF.
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, removeTempDirs, runCli, tempDir, type JsonReport } from './helpers.js';

afterAll(removeTempDirs);

// Keys and a value written with YAML's double-quoted escapes: a forged workflow command on a
// line of its own, cursor movement and an OSC 52 clipboard write, and other C0 controls.
const HOSTILE = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  strategy: {type: "re\\ncreate\\e[2K\\x01"}
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}
"x\\n::error file=README.md,line=1::forged\\r\\n::add-mask::x": 1
"\\e[1A\\e[2K\\e]52;c;cHduZWQ=\\a\\x0b\\x1f\\x7f\\u0085": 2
`;

// A name with a line break, an ESC, '#', '?', '%', ',' and ':'.
const HOSTILE_NAME = 'a#b?c%41,d:e\n::error::f\x1b[31m.yaml';

const project = (): string =>
  tempDir({ 'hostile.yaml': HOSTILE, [HOSTILE_NAME]: HOSTILE, 'a#b?.yaml': HOSTILE, 'sub dir/x#y?.yaml': HOSTILE });

// Anything the terminal or a CI log would act on: C0 controls but the line break, DEL, C1.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('text from the linted file in each format', () => {
  it('stylish writes every control character visibly and each finding on a line of its own', () => {
    const dir = project();
    for (const color of ['--no-color', '--color']) {
      const run = runCli(['lint', color, 'hostile.yaml', HOSTILE_NAME], { cwd: dir });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe('');
      // With --color, our own colour codes are the only escapes.
      expect(run.stdout.replace(new RegExp(ANSI.source, 'g'), '')).not.toMatch(RAW_CONTROL);
      expect(run.stdout).not.toMatch(/^::/m);
      expect(run.stdout).toContain('unknown field "x\\n::error file=README.md,line=1::forged\\r\\n::add-mask::x"');
      expect(run.stdout).toContain('"\\x1b[1A\\x1b[2K\\x1b]52;c;cHduZWQ=\\x07\\x0b\\x1f\\x7f\\x85"');
      expect(run.stdout).toContain('"re\\ncreate\\x1b[2K\\x01" is not allowed here');
      // The file name, too.
      expect(run.stdout).toContain('a#b?c%41,d:e\\n::error::f\\x1b[31m.yaml');
      // Three findings per file, each on one line.
      expect(
        run.stdout.split('\n').filter((l) => /^ {2}\S*\d+:\d+/.test(l.replace(new RegExp(ANSI.source, 'g'), ''))),
      ).toHaveLength(6);
    }
  });

  it('github escapes %, CR and LF (and "," and ":" in properties) as the Actions toolkit does, and shows other controls', () => {
    const dir = project();
    const run = runCli(['lint', '--format', 'github', 'hostile.yaml', HOSTILE_NAME], { cwd: dir });
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    // One command per finding, and no line the file's text started.
    expect(lines).toHaveLength(6);
    for (const line of lines)
      expect(line).toMatch(/^::error file=[^,:]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^,:]*::/);
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(run.stdout).toContain('unknown field "x%0A::error file=README.md,line=1::forged%0D%0A::add-mask::x"');
    expect(run.stdout).toContain('"\\x1b[1A\\x1b[2K\\x1b]52;c;cHduZWQ=\\x07\\x0b\\x1f\\x7f\\x85"');
    expect(run.stdout).toContain('::error file=a#b?c%2541%2Cd%3Ae%0A%3A%3Aerror%3A%3Af\\x1b[31m.yaml,line=');
  });

  it('junit stays well-formed XML 1.0, controls shown, and keeps every finding', () => {
    const dir = project();
    const run = runCli(['lint', '--format', 'junit', 'hostile.yaml', HOSTILE_NAME], { cwd: dir });
    expect(run.status).toBe(1);
    expect(wellFormedXmlProblem(run.stdout)).toBeUndefined();
    expect(run.stdout).toContain('unknown field &#34;x\\n::error file=README.md,line=1::forged\\r\\n::add-mask::x&#34;');
    expect(run.stdout).toContain('&#34;\\x1b[1A\\x1b[2K\\x1b]52;c;cHduZWQ=\\x07\\x0b\\x1f\\x7f\\x85&#34;');
    expect(run.stdout).toContain('name="a#b?c%41,d:e&#10;::error::f\\x1b[31m.yaml"');
    expect(run.stdout.match(/^\d+:\d+ error |\n\d+:\d+ error |>\d+:\d+ error /g)).toHaveLength(6);
  });

  it('sarif percent-encodes every reserved character of a file name, so a URI reader finds the file', () => {
    const dir = project();
    // The report names files relative to the working directory, however they were named.
    const run = runCli(['lint', '--format', 'sarif', 'a#b?.yaml', HOSTILE_NAME, `${dir}/sub dir/x#y?.yaml`], { cwd: dir });
    expect(run.status).toBe(1);
    const log = JSON.parse(run.stdout) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uris = [...new Set(log.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri))];
    expect(uris).toHaveLength(3);
    // Resolved against a base, each names the file it was made from (a '#' or '?' would cut it short).
    const resolved = uris.map((u) => decodeURIComponent(new URL(u, 'file:///repo/').pathname));
    expect(resolved).toEqual(['/repo/a#b?.yaml', `/repo/${HOSTILE_NAME}`, '/repo/sub dir/x#y?.yaml']);
    expect(uris[0]).toBe('a%23b%3F.yaml');
  });

  it('json carries the text as it is, escaped by JSON itself', () => {
    const dir = project();
    const run = runCli(['lint', '--format', 'json', HOSTILE_NAME], { cwd: dir });
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files[0]!.path).toBe(HOSTILE_NAME);
    expect(report.files[0]!.diagnostics.map((d) => d.message)).toContain(
      'unknown field "x\n::error file=README.md,line=1::forged\r\n::add-mask::x"',
    );
    // JSON escapes C0 controls; DEL and C1 it may leave as they are.
    // eslint-disable-next-line no-control-regex
    expect(run.stdout.trimEnd()).not.toMatch(/[\u0000-\u001f]/);
  });
});

/**
 * Why a text is not well-formed XML 1.0, or undefined. Enough of the grammar for a report:
 * characters (the Char production), tags that nest, quoted attributes without '<', and no
 * '&' but character and predefined references.
 */
function wellFormedXmlProblem(xml: string): string | undefined {
  const badChar = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.exec(xml);
  if (badChar) return `character U+${badChar[0].codePointAt(0)!.toString(16)} at ${badChar.index}`;
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const [, close, name, attributes, selfClosing, text, stray] = m;
    if (stray) return `stray '<' at ${m.index}`;
    const data = text ?? attributes ?? '';
    if (/&(?!#\d+;|#x[0-9a-fA-F]+;|lt;|gt;|amp;|quot;|apos;)/.test(data)) return `bare '&' near ${m.index}`;
    if (text !== undefined) {
      if (open.length === 0 && text.trim()) return `text outside the root at ${m.index}`;
      continue;
    }
    if (close) {
      if (open.pop() !== name) return `</${name}> does not close the open element at ${m.index}`;
    } else if (!selfClosing) open.push(name!);
  }
  return open.length ? `<${open.join('>, <')}> not closed` : undefined;
}
