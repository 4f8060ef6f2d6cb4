export { RuleTester, lintWithRule } from './rule-tester.js';
export type { ValidCase, InvalidCase, ExpectedFinding } from './rule-tester.js';
export {
  DEEP_NESTING_KIND,
  HOSTILE_KINDS,
  HOSTILE_SHAPES,
  INSERTS,
  MUTATION_KINDS,
  mutate,
  mutateBytes,
  random,
  type Shape,
} from './mutations.js';
