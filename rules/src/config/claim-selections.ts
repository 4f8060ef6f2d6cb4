import { celTokensOf } from '@platlint/cel';

/**
 * The claims an expression selects directly (`claims.x`, `claims.?x`). The CEL package does not
 * expose its syntax tree, so this reads its tokens: a `claims.email` inside a string or a
 * comment does not count, and a `.claims.x` selected from some other value (not the `claims`
 * variable) does not either. An expression that does not tokenize selects nothing here; the
 * compile check reports it.
 */
export function claimSelections(expression: string): Set<string> {
  const found = new Set<string>();
  const tokens = celTokensOf(expression);
  if (!tokens) return found;
  const punct = (k: number, text: string): boolean => tokens[k]?.kind === 'punct' && tokens[k]?.text === text;
  tokens.forEach((token, k) => {
    if (token.kind !== 'ident' || expression.slice(token.start, token.end) !== 'claims') return;
    if (punct(k - 1, '.') || (punct(k - 1, '?') && punct(k - 2, '.'))) return;
    if (!punct(k + 1, '.')) return;
    const name = tokens[punct(k + 2, '?') ? k + 3 : k + 2];
    if (name?.kind === 'ident') found.add(expression.slice(name.start, name.end));
  });
  return found;
}
