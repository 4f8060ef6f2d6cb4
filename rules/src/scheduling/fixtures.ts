/** Manifest builders shared by the tests of this area (kept out of the rules; nothing imports it at run time). */

export function podGroup(name: string, spec: string, namespace = 'ml-training'): string {
  return `apiVersion: scheduling.plat.io/v1beta1
kind: PodGroup
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
${spec}
`;
}

export function compositePodGroup(name: string, spec: string, namespace = 'ml-training'): string {
  return `apiVersion: scheduling.plat.io/v1alpha3
kind: CompositePodGroup
metadata:
  name: ${name}
  namespace: ${namespace}
spec:
${spec}
`;
}

/** A composite group with the required fields, a parent when given, and extra spec lines. */
export function composite(
  name: string,
  parent?: string,
  workload = 'llm-pretrain',
  extra = '',
  namespace = 'ml-training',
): string {
  const lines = [`  workloadRef: {workloadName: ${workload}, templateName: ${name}}`, '  schedulingPolicy: {basic: {}}'];
  if (parent) lines.unshift(`  parentCompositePodGroupName: ${parent}`);
  if (extra) lines.push(extra);
  return compositePodGroup(name, lines.join('\n'), namespace);
}

/** A pod group in a hierarchy. */
export function member(name: string, parent?: string, workload = 'llm-pretrain', namespace = 'ml-training'): string {
  const lines = [
    `  workloadRef: {workloadName: ${workload}, templateName: ${name}}`,
    '  schedulingPolicy: {gang: {minCount: 2}}',
  ];
  if (parent) lines.unshift(`  parentCompositePodGroupName: ${parent}`);
  return podGroup(name, lines.join('\n'), namespace);
}

export function documents(...docs: string[]): string {
  return docs.join('---\n');
}
