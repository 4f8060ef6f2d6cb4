import { readBoundedFileSync, readFailureReason, SourceFile } from '@platlint/core';
import { loadState, manifestFiles, mutateObjects, runTestCase, unifiedDiff } from '@platlint/admission';
import type { Json, State, TestCaseResult, UserInfo } from '@platlint/admission';
import { stringify } from 'yaml';
import type { Io } from './commands.js';
import { skippedLinkNote } from './files.js';
import { parseStrict, UsageError } from './options.js';

export const MUTATE_USAGE = `Usage: platlint mutate --state DIR FILE...

Prints each object of FILE... after the MutatingAdmissionPolicies of the state.

Options:
  --state PATH            Policies, bindings, params, namespaces and CRDs (files or directories); repeatable
  --operation OP          CREATE (default) or UPDATE
  --old FILE              Stored versions of the objects, for UPDATE; repeatable
  --user NAME             The requesting user's name; --group G (repeatable) for its groups
  --diff                  Print a unified diff of each object instead of the result
  -f, --format FORMAT     yaml (default) or json

Objects of the state the API server would refuse stop the run (exit 2, nothing applied);
advice on the objects kept is printed as warnings. Exit 1 when a request is denied.
`;

export const TEST_USAGE = `Usage: platlint test PATH...

Runs admission test cases (YAML files: name, policies, bindings, params, namespace, request,
expect) and prints pass or fail per case, with a diff of expected and actual objects.
policies, bindings and params list objects inline or paths of manifest files (relative to
the test case). Unknown keys and a missing expect fail the case.

Options:
  -f, --format FORMAT     stylish (default), json or junit (JUnit XML for CI)
`;

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** JUnit XML, the report format CI systems read: one testsuite per file, one testcase per case. */
function junit(cases: readonly TestCaseResult[]): string {
  const byFile = new Map<string, TestCaseResult[]>();
  for (const c of cases) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  const failures = cases.filter((c) => !c.passed).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="platlint test" tests="${cases.length}" failures="${failures}">`,
  ];
  for (const [file, list] of byFile) {
    lines.push(`  <testsuite name="${xml(file)}" tests="${list.length}" failures="${list.filter((c) => !c.passed).length}">`);
    for (const c of list) {
      const out =
        c.warnings.length > 0 ? `\n      <system-out>${xml(c.warnings.map((w) => `warning: ${w}`).join('\n'))}</system-out>` : '';
      if (c.passed)
        lines.push(`    <testcase name="${xml(c.name)}" classname="${xml(file)}">${out ? `${out}\n    ` : ''}</testcase>`);
      else
        lines.push(
          `    <testcase name="${xml(c.name)}" classname="${xml(file)}">\n      <failure message="${xml(c.message.split('\n')[0] ?? '')}">${xml(c.message)}</failure>${out}\n    </testcase>`,
        );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** Reads the documents of YAML files as plain values, reporting what cannot be read. */
function readObjects(paths: readonly string[], io: Io): Json[] {
  const objects: Json[] = [];
  for (const path of manifestFiles(paths, skippedLinkNote(io.stderr))) {
    let bytes: Buffer;
    try {
      bytes = readBoundedFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read ${path}: ${readFailureReason(error)}`);
    }
    const source = SourceFile.fromBytes(path, bytes);
    for (const d of source.diagnostics.filter((x) => x.severity === 'error'))
      io.stderr(`${path}:${d.range.start.line}:${d.range.start.column}: ${d.message} (${d.ruleId})\n`);
    for (const doc of source.documents)
      if (!doc.broken && doc.value !== null && doc.value !== undefined) objects.push(doc.value as Json);
  }
  return objects;
}

/** Prints what the server would refuse (true when there is any) and the advice on the objects kept. */
function reportLoad(state: State, io: Io): boolean {
  for (const p of state.problems)
    io.stderr(`${p.file}:${p.line}:${p.column}: refused${p.object ? ` ${p.object}` : ''}: ${p.message} (${p.ruleId})\n`);
  for (const w of state.warnings)
    io.stderr(`${w.file}:${w.line}:${w.column}: warning${w.object ? ` ${w.object}` : ''}: ${w.message} (${w.ruleId})\n`);
  return state.problems.length > 0;
}

export function mutateCommand(argv: readonly string[], io: Io): number {
  const { values, positionals } = parseStrict(argv, {
    options: {
      state: { type: 'string', multiple: true, default: [] },
      operation: { type: 'string', default: 'CREATE' },
      old: { type: 'string', multiple: true, default: [] },
      user: { type: 'string' },
      group: { type: 'string', multiple: true, default: [] },
      diff: { type: 'boolean', default: false },
      format: { type: 'string', short: 'f', default: 'yaml' },
    },
  });
  const statePaths = values.state;
  if (statePaths.length === 0) throw new UsageError('mutate needs --state with the policies and bindings');
  if (positionals.length === 0) throw new UsageError('mutate needs the files of the objects to mutate');
  const operation = values.operation;
  if (operation !== 'CREATE' && operation !== 'UPDATE')
    throw new UsageError(`--operation takes CREATE or UPDATE, not "${operation}"`);
  const format = values.format;
  if (format !== 'yaml' && format !== 'json') throw new UsageError(`--format takes yaml or json, not "${format}"`);
  const state = loadState(statePaths, skippedLinkNote(io.stderr));
  if (reportLoad(state, io)) {
    // As the API server would: a state with a refused object is not applied in part.
    io.stderr('platlint: the state holds objects the API server would refuse; nothing was applied\n');
    return 2;
  }
  const userInfo: UserInfo = { ...(values.user ? { username: values.user } : {}), groups: values.group };
  const outcomes = mutateObjects(state, readObjects(positionals, io), {
    operation,
    oldObjects: readObjects(values.old, io),
    userInfo,
  });
  let denied = false;
  const printed: unknown[] = [];
  for (const outcome of outcomes) {
    if (outcome.error) {
      io.stderr(`platlint: ${outcome.error}\n`);
      denied = true;
      continue;
    }
    const { result, input } = outcome;
    for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
    if (!result.allowed) {
      denied = true;
      io.stderr(`denied: ${result.status?.message ?? 'the request was denied'}\n`);
      continue;
    }
    if (values.diff) {
      const name = `${String(input.kind)}/${String((input.metadata as { name?: unknown } | undefined)?.name ?? '')}`;
      io.stdout(
        unifiedDiff(stringify(input), stringify(result.object), { from: `${name} (before)`, to: `${name} (after)` }) ||
          `${name}: unchanged\n`,
      );
    } else printed.push(result.object);
  }
  if (!values.diff)
    io.stdout(
      format === 'json'
        ? `${JSON.stringify(printed.length === 1 ? printed[0] : printed, null, 2)}\n`
        : printed.map((o) => stringify(o)).join('---\n'),
    );
  return denied ? 1 : 0;
}

export function testCommand(argv: readonly string[], io: Io): number {
  const { values, positionals } = parseStrict(argv, { options: { format: { type: 'string', short: 'f', default: 'stylish' } } });
  const format = values.format;
  if (format !== 'stylish' && format !== 'json' && format !== 'junit')
    throw new UsageError(`--format takes stylish, json or junit, not "${format}"`);
  if (positionals.length === 0) throw new UsageError('test needs test case files or directories');
  const files = manifestFiles(positionals, skippedLinkNote(io.stderr));
  if (files.length === 0) throw new UsageError(`no test case files in ${positionals.join(', ')}`);
  const cases: TestCaseResult[] = files.flatMap((file) => runTestCase(file));
  const passed = cases.filter((c) => c.passed).length;
  const failed = cases.length - passed;
  if (format === 'junit') {
    io.stdout(junit(cases));
  } else if (format === 'json') {
    io.stdout(
      `${JSON.stringify({ cases: cases.map(({ file, name, passed: ok, message, warnings, result }) => ({ file, name, passed: ok, message, warnings, outcomes: result?.outcomes ?? [] })), passed, failed })}\n`,
    );
  } else {
    for (const c of cases) {
      io.stdout(`${c.passed ? 'PASS' : 'FAIL'}  ${c.file}: ${c.name}\n`);
      if (!c.passed) io.stdout(`${c.message.replace(/^/gm, '      ')}\n`);
      for (const w of c.warnings) io.stdout(`      warning: ${w}\n`);
    }
    io.stdout(`\n${passed} passed, ${failed} failed\n`);
  }
  return failed > 0 ? 1 : 0;
}
