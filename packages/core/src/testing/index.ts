export { RuleTester, caseProblems, lintWithRule, undeclaredFix } from './rule-tester.js';
export type { ValidCase, InvalidCase, ExpectedFinding, TestCases } from './rule-tester.js';
export { mutate, mutateBytes, random } from './mutations.js';
