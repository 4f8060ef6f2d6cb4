export { RuleTester, lintWithRule } from './rule-tester.js';
export type { ValidCase, InvalidCase, ExpectedFinding } from './rule-tester.js';
export { mutate, mutateBytes, random } from './mutations.js';
