// CEL expressions in manifests, as rules report on them: whether the server refuses an
// expression for a compile issue, and where a token of an expression is in the file. The
// admission policies' rules and the CustomResourceDefinition rules (x-kubernetes-validations)
// share these; the compiling itself is @platlint/cel's.
import { yamlValueRangeToSource } from '@platlint/cel';
import type { CelIssue } from '@platlint/cel';
import type { FieldPath, OffsetSpan, RuleContext } from '@platlint/core';

/**
 * Issue codes the server is certain to refuse a policy (or a CRD's rule) for when it compiles it: the syntax, an
 * unknown variable, an empty expression, a result type it can tell. Other type errors of the
 * dynamic compile are left to admission/cel-schema (advice): this package's CEL typing may
 * still lack what the server's has (optionals, JSONPatch equality), and a false refusal would
 * keep a whole state from loading.
 */
const CERTAIN = new Set([
  'syntax_error',
  'unexpected_token',
  'expected_token',
  'unexpected_character',
  'reserved_identifier',
  'invalid_number',
  'invalid_integer',
  'invalid_hex_integer',
  'newline_in_string',
  'invalid_unicode_escape',
  'invalid_unicode_surrogate',
  'invalid_hex_escape',
  'octal_escape_out_of_range',
  'invalid_escape_sequence',
  'bytes_unicode_escape',
  'limit_exceeded',
  'empty_expression',
  'unknown_variable',
  'unknown_function',
  'result_type',
  'duplicate_field',
  // The platform's compile-time checks of literals (durations, timestamps, format strings,
  // constant patterns) and of the libraries its release has.
  'invalid_argument',
  'unavailable_in_release',
]);

/** Whether the server certainly refuses an expression with this issue. */
export function refusedByServer(issue: CelIssue): boolean {
  return CERTAIN.has(issue.code);
}

/** Places a range of a decoded string value (a CEL token) in the file, when its source is known. */
export function spanIn(context: RuleContext, path: FieldPath, range: { start: number; end: number }): OffsetSpan | undefined {
  const source = context.scalarSource(path);
  return source ? yamlValueRangeToSource(source, range) : undefined;
}
