import { describe, expect, it } from 'vitest';
import { admissionEnvironment } from './env/admission.js';
import { CelEnvironment } from './env/environment.js';
import { DEPLOYMENT } from './env/test-schemas.js';
import { issueMessage, runtimeErrorMessage } from './messages.js';

describe('issueMessage', () => {
  it.each([
    ['unknown_variable', 'Unknown variable: params', 'unknown variable "params"'],
    ['no_such_key', 'No such key: b', 'no such key "b"'],
    ['unexpected_token', 'Unexpected token: EOF', 'unexpected end of expression'],
    ['unexpected_token', 'Unexpected token: RPAREN', 'unexpected ")"'],
    ['expected_token', 'Expected RPAREN, got EOF', 'expected ")", got end of expression'],
    ['unexpected_character', "Unexpected character: '#'", 'unexpected character "#"'],
    ['unexpected_character', 'Unexpected character: #', 'unexpected character "#"'],
    ['reserved_identifier', 'Reserved identifier: package', '"package" is a reserved word'],
    ['invalid_integer', 'Invalid integer: 99999999999999999999', 'invalid integer "99999999999999999999"'],
    ['invalid_escape_sequence', 'Invalid escape sequence: \\q', 'invalid escape sequence "\\q"'],
    ['limit_exceeded', 'Exceeded maxDepth (250)', 'expression nests deeper than 250 levels'],
    ['limit_exceeded', 'Exceeded maxSomething (3)', 'expression exceeds maxSomething (3)'],
    ['invalid_index_type', "List index must be int, got 'string'", 'list index must be int, got string'],
    ['invalid_logical_operand', "Logical operator requires bool operands, got 'int'", '&& and || need bool operands, got int'],
    ['invalid_condition_type', "Ternary condition must be bool, got 'int'", 'condition of ?: must be bool, got int'],
    [
      'incompatible_ternary_branches',
      "Ternary branches must have the same type, got 'int' and 'string'",
      'branches of ?: must have the same type, got int and string',
    ],
    ['no_matching_overload', "found no matching overload for 'size(int)'", 'no matching overload for size(int)'],
    [
      'invalid_comprehension_range',
      "Expression of type 'int' cannot be range of a comprehension (must be list, map, or dynamic).",
      'cannot iterate over int: a comprehension needs a list or a map',
    ],
    ['no_such_overload', 'no such overload: ObjectSelf.spec + int', 'no such overload: Object.spec + int'],
    [
      'no_such_overload',
      'no such overload: ObjectSelf.spec.strategy == Object.spec.strategy',
      'no such overload: Object.spec.strategy read from the request == a constructed Object.spec.strategy; a value read never equals a construction: compare their fields',
    ],
    [
      'no_such_overload',
      'no such overload: Object.spec != ObjectSelf.spec',
      'no such overload: a constructed Object.spec != Object.spec read from the request; a value read never equals a construction: compare their fields',
    ],
    [
      'no_such_overload',
      'no such overload: ObjectSelf.spec == Object.metadata',
      'no such overload: Object.spec == Object.metadata',
    ],
    [
      'no_matching_overload',
      "found no matching overload for '__new(string, map<dyn, dyn>)'",
      'message construction (Type{...}) is not available here',
    ],
    ['invalid_macro_argument', 'has() invalid argument', 'has() needs a field selection such as has(a.b)'],
  ])('%s: %s', (code, base, ours) => {
    expect(issueMessage(code, base)).toBe(ours);
  });

  it('names the type a key is missing on, from the receiver the checker typed', () => {
    const node = { op: '.', args: [{ checkedType: { name: 'ObjectSelf.spec' } }, 'b'] };
    expect(issueMessage('no_such_key', 'No such key: b', node)).toBe('no such key "b" on Object.spec');
  });

  it('leaves unknown codes in our style: lowercase word, double quotes, no trailing period', () => {
    expect(issueMessage('new_code', "Something about 'x' went wrong.")).toBe('something about "x" went wrong');
    expect(issueMessage('new_code', 'Object.spec is odd')).toBe('Object.spec is odd');
  });
});

describe('compile issues', () => {
  const env = admissionEnvironment('matchCondition', { objectSchema: DEPLOYMENT });
  const message = (e: CelEnvironment, expr: string) => e.check(expr)[0]?.message;

  it.each([
    ['params.x == 1', 'unknown variable "params"'],
    ['object.spec.b == 1', 'no such key "b" on Object.spec'],
    ['object.spec.replicas.trim() == ""', 'no matching overload for int.trim()'],
    ['duration(1) > duration("1s")', 'no matching overload for duration(int)'],
    ['object.metadata.labelz["a"] == "b"', 'no such key "labelz" on Object.metadata'],
    ['object.spec.replicas ==', 'unexpected end of expression'],
    ['(object.spec.replicas == 1', 'expected ")", got end of expression'],
    ['object.spec.replicas == 1 ? 1 : "a"', 'branches of ?: must have the same type, got int and string'],
    ['object.spec.replicas.all(x, x)', 'cannot iterate over int: a comprehension needs a list or a map'],
  ])('%s', (expr, text) => {
    expect(message(env, expr)).toBe(text);
  });

  it('keeps the codes', () => {
    expect(env.check('params.x == 1')[0]?.code).toBe('unknown_variable');
    expect(env.check('object.spec.b == 1')[0]?.code).toBe('no_such_key');
    expect(env.check('object.spec.replicas ==')[0]?.code).toBe('syntax_error');
  });

  it('words every issue lowercase-first without a trailing period', () => {
    const plain = new CelEnvironment({ variables: [{ name: 'x', type: 'int' }] });
    for (const expr of [
      'x +',
      'y',
      'x.a',
      'x[1]',
      'x && true',
      '"\\q"',
      '#',
      'x ? 1 : 2',
      'size(x)',
      '[1][true]',
      'has(x)',
      '1 2',
    ]) {
      const issues = plain.check(expr);
      expect(issues.length, expr).toBeGreaterThan(0);
      for (const i of issues) {
        expect(i.message, expr).not.toMatch(/^[A-Z][a-z]+\b/);
        expect(i.message, expr).not.toMatch(/\.$/);
      }
    }
  });
});

describe("runtimeErrorMessage: run-time errors in cel-go's words", () => {
  const evaluate = (expr: string, activation: Record<string, unknown> = {}): string => {
    const env = new CelEnvironment({ variables: [{ name: 'm', type: 'map<string, dyn>' }] });
    const r = env.compile(expr);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    try {
      r.program.evaluate(activation);
    } catch (e) {
      const { code, message } = e as { code: string; message: string };
      return runtimeErrorMessage(code, message);
    }
    return 'no error';
  };
  it.each([
    // cel-go common/types/map.go, baseMap.Get: "no such key: %v".
    ['m.missing', 'no such key: missing'],
    ['m["a b"]', 'no such key: a b'],
    // cel-go common/types/err.go, MaybeNoSuchOverloadErr: the types are not named.
    ['m.n + "x"', 'no such overload'],
    // cel-go common/types/err.go, errIntOverflow.
    ['m.n + 9223372036854775807', 'integer overflow'],
    // Words that already are cel-go's stay.
    ['m.n / 0', 'division by zero'],
  ])('%s', (expr, expected) => expect(evaluate(expr, { m: { n: 1n } })).toBe(expected));
});
