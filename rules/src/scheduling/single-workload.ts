import { defineRule } from '@platlint/core';
import { ancestry, nameOf, workloadOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/single-workload',
    description: 'All groups of one hierarchy reference the same Workload.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    // The API server stores such a group; the scheduler marks the hierarchy Invalid at run time.
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup (condition reason Invalid: "references to more than one distinct Workload")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs: [
      'A hierarchy of groups is the runtime form of one Workload: every CompositePodGroup and PodGroup',
      'in it is created from a template of that Workload and says so in `spec.workloadRef.workloadName`.',
      'A hierarchy whose groups reference more than one Workload is invalid; the API server accepts',
      'each object on its own, and only the scheduler finds the mix at run time. The rule compares each',
      'group with its nearest ancestor that names a Workload (among the CompositePodGroups of the run',
      'in the same namespace), so the place where the Workload changes is reported once. A PodGroup',
      'without `workloadRef` is not compared.',
      '',
      'Spec: document B, CompositePodGroupStatus (reason `Invalid`). Since admission does not check',
      'it, the rule is advice (`enforcedBy: advice`), yet an error: such a hierarchy is certain never',
      'to be scheduled.',
      '',
      'Fails:',
      '```yaml',
      'metadata: {name: root, namespace: ml}',
      'spec: {workloadRef: {workloadName: pretrain, templateName: root}, ...}',
      '---',
      'metadata: {name: stage-1, namespace: ml}',
      'spec:',
      '  parentCompositePodGroupName: root',
      '  workloadRef: {workloadName: finetune, templateName: stage-1}',
      '```',
      'Passes: the same with `workloadName: pretrain` in both.',
    ].join('\n'),
  },
  check(context) {
    const own = workloadOf(context.value);
    if (own === undefined) return;
    const { ancestors } = ancestry(context);
    const index = ancestors.findIndex((o) => workloadOf(o.value) !== undefined);
    const ancestor = ancestors[index];
    if (!ancestor) return;
    const theirs = workloadOf(ancestor.value) as string;
    if (theirs === own) return;
    const relation = index === 0 ? 'its parent' : 'its ancestor';
    context.report({
      path: ['spec', 'workloadRef', 'workloadName'],
      message: `this group belongs to Workload "${own}" but ${relation} "${nameOf(ancestor.value) ?? ''}" belongs to Workload "${theirs}"; all groups of one hierarchy must come from the same Workload`,
    });
  },
});
