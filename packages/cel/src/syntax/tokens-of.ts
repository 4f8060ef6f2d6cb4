import { LexError, tokenize, type Token } from './lexer.js';
import { keepBounded } from '@platlint/core';

/**
 * The tokens of an expression, or undefined when it does not tokenize (the compile check
 * reports that). Several rules read the tokens of each expression of an object (references,
 * claim selections, the shape of an apply configuration), and objects made from one template
 * repeat their expressions: the tokens are remembered by text, a bounded number of them.
 * Callers share the list: read it, never change it.
 */
export function tokensOf(expression: string): readonly Token[] | undefined {
  if (remembered.has(expression)) return remembered.get(expression);
  let tokens: Token[] | undefined;
  try {
    tokens = tokenize(expression);
  } catch (error) {
    if (!(error instanceof LexError)) throw error;
  }
  return keepBounded(remembered, 512, expression, tokens);
}

const remembered = new Map<string, Token[] | undefined>();
