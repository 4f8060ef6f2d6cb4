import { fixTarget } from '../fix/fix-scope.js';
import { textDigest, writeFixes } from '../fix/write-fixes.js';
import type { SourceFile } from '../source/source-file.js';
import type { FileResult } from './linter.js';
import type { LintedFile } from './run.js';

export interface FixOptions {
  /** Real paths of what the user named (fixRoots): a fix is written only to a file under one of them. */
  roots: readonly string[];
  maxPasses?: number;
}

/**
 * Runs `lint` and applies the fixes its findings offer, again until nothing changes (fixes
 * can uncover or create other findings, as ESLint's loop knows), ten passes at most. A file
 * is written only while it holds the text its fixes were computed on, and through a link
 * only to its target, inside the roots (fix-scope.ts).
 */
export async function lintAndFix(
  lint: () => Promise<LintedFile[]>,
  onProblem: (path: string, problem: string) => void,
  options: FixOptions,
): Promise<LintedFile[]> {
  const { roots, maxPasses = 10 } = options;
  const reported = new Set<string>();
  const report = (path: string, problem: string): void => {
    // Each pass meets a file it cannot fix again; it is said once.
    if (!reported.has(`${path}\u0000${problem}`)) onProblem(path, problem);
    reported.add(`${path}\u0000${problem}`);
  };
  let results = await lint();
  for (let pass = 0; pass < maxPasses; pass++) {
    let applied = 0;
    // One file under two names (a link in the tree and its target) is fixed once a pass; the next pass sees it fixed.
    const written = new Set<string>();
    for (const result of results) {
      if (!result.diagnostics.some((d) => d.fix)) continue;
      const target = fixTarget(result.path, roots);
      if ('problem' in target) {
        report(result.path, target.problem);
        continue;
      }
      if (written.has(target.real)) continue;
      const outcome = writeFixes(target.real, result.diagnostics, result.linted);
      if (outcome.written === false && outcome.problem) report(result.path, outcome.problem);
      if (outcome.written) written.add(target.real);
      applied += outcome.applied;
    }
    if (applied === 0) break;
    results = await lint();
  }
  return results;
}

/** --fix writes only into a file that still holds the text its fixes were computed on: the digest of the linted text goes with the findings. */
export function withDigest(result: FileResult, source: SourceFile): LintedFile {
  return result.diagnostics.some((d) => d.fix) ? { ...result, linted: textDigest(source.text) } : result;
}
