import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * PodGroup, CompositePodGroup and Workload cases restated from the upstream scheduling validation tests
 * (TestValidatePodGroup, TestValidatePodGroupUpdate, TestValidateCompositePodGroup and the
 * declarative rules of the v1beta1 and v1alpha3 types), plus the hierarchy faults the scheduler
 * marks Invalid: what is accepted draws no error, what is refused draws exactly the errors listed.
 */
const pg = (spec: string, meta = 'name: workload, namespace: ns'): string =>
  `apiVersion: scheduling.plat.io/v1beta1\nkind: PodGroup\nmetadata: {${meta}}\nspec:\n${spec}\n`;
const cpg = (spec: string, meta = 'name: cpg, namespace: ns'): string =>
  `apiVersion: scheduling.plat.io/v1alpha3\nkind: CompositePodGroup\nmetadata: {${meta}}\nspec:\n${spec}\n`;
const ref = '  workloadRef: {workloadName: w, templateName: t1}';
const gang = '  schedulingPolicy: {gang: {minCount: 5}}';
const base = `${ref}\n${gang}`;
const TOPOLOGY = { TopologyAwareWorkloadScheduling: true };
const wl = (spec: string, version = 'v1beta1'): string =>
  `apiVersion: scheduling.plat.io/${version}\nkind: Workload\nmetadata: {name: w, namespace: ns}\n${spec}\n`;
const template = '  podGroupTemplates:\n  - name: t1\n    schedulingPolicy: {gang: {minCount: 2}}';
const COMPOSITE = { CompositePodGroup: true };

const cases: Record<string, ParityCase> = {
  'a gang policy with topology': {
    upstream: 'ValidatePodGroup: gang policy',
    yaml: pg(`${base}\n  schedulingConstraints: {topology: [{key: foo}]}`),
    featureGates: TOPOLOGY,
  },
  'no scheduling constraints': { upstream: 'ValidatePodGroup: no scheduling constraints', yaml: pg(base) },
  'a basic policy without workloadRef': {
    upstream: 'PodGroupSpec: workloadRef optional',
    yaml: pg('  schedulingPolicy: {basic: {}}'),
  },
  'no name': {
    upstream: 'ValidatePodGroup: no name',
    yaml: pg(base, 'namespace: ns'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a name starting with a dot': {
    upstream: 'ValidatePodGroup: invalid name',
    yaml: pg(base, 'name: .podGroup, namespace: ns'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a name of 254 characters': {
    upstream: 'ValidatePodGroup: too long name',
    yaml: pg(base, `name: ${'w'.repeat(254)}, namespace: ns`),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a namespace starting with a dot': {
    upstream: 'ValidatePodGroup: invalid namespace',
    yaml: pg(base, 'name: workload, namespace: .ns'),
    errors: ['schema/format @ metadata.namespace'],
  },
  'a namespace of 64 characters': {
    upstream: 'ValidatePodGroup: too long namespace',
    yaml: pg(base, `name: workload, namespace: ${'n'.repeat(64)}`),
    errors: ['schema/format @ metadata.namespace'],
  },
  'neither basic nor gang': {
    upstream: 'PodGroupSchedulingPolicy: union, none set',
    yaml: pg(`${ref}\n  schedulingPolicy: {}`),
    errors: ['scheduling/one-scheduling-policy @ spec.schedulingPolicy.basic'],
  },
  'both basic and gang': {
    upstream: 'PodGroupSchedulingPolicy: union, both set',
    yaml: pg(`${ref}\n  schedulingPolicy: {basic: {}, gang: {minCount: 2}}`),
    errors: ['scheduling/one-scheduling-policy @ spec.schedulingPolicy.gang'],
  },
  'minCount 0': {
    upstream: 'GangSchedulingPolicy: minCount 0 is Required',
    yaml: pg(`${ref}\n  schedulingPolicy: {gang: {minCount: 0}}`),
    errors: ['schema/range @ spec.schedulingPolicy.gang.minCount'],
  },
  'a negative minCount': {
    upstream: 'GangSchedulingPolicy: minCount minimum',
    yaml: pg(`${ref}\n  schedulingPolicy: {gang: {minCount: -1}}`),
    errors: ['schema/range @ spec.schedulingPolicy.gang.minCount'],
  },
  'a workloadRef without names': {
    upstream: 'WorkloadReference: workloadName and templateName required',
    yaml: pg(`  workloadRef: {}\n${gang}`),
    errors: ['schema/required @ spec.workloadRef.templateName', 'schema/required @ spec.workloadRef.workloadName'],
  },
  'a workloadRef with bad names': {
    upstream: 'WorkloadReference: workloadName a DNS subdomain, templateName a DNS label',
    yaml: pg(`  workloadRef: {workloadName: Bad_W, templateName: a.b}\n${gang}`),
    errors: ['schema/format @ spec.workloadRef.templateName', 'schema/format @ spec.workloadRef.workloadName'],
  },
  'resource claims by name and by template': {
    upstream: 'PodGroupResourceClaim: one source each',
    yaml: pg(
      `${base}\n  resourceClaims: [{name: my-claim, resourceClaimName: a-claim}, {name: my-other-claim, resourceClaimTemplateName: a-template}]`,
    ),
  },
  'five resource claims': {
    upstream: 'PodGroupSpec: at most 4 resourceClaims',
    yaml: pg(
      `${base}\n  resourceClaims: [{name: a, resourceClaimName: c}, {name: b, resourceClaimName: c}, {name: c, resourceClaimName: c}, {name: d, resourceClaimName: c}, {name: e, resourceClaimName: c}]`,
    ),
    errors: ['schema/length @ spec.resourceClaims'],
  },
  'duplicate claim names': {
    upstream: 'PodGroupSpec: resourceClaims keyed by name',
    yaml: pg(`${base}\n  resourceClaims: [{name: a, resourceClaimName: c}, {name: a, resourceClaimName: d}]`),
    errors: ['scheduling/unique-resource-claim-names @ spec.resourceClaims[1].name'],
  },
  'a claim with both sources': {
    upstream: 'PodGroupResourceClaim: exactly one of the two names',
    yaml: pg(`${base}\n  resourceClaims: [{name: a, resourceClaimName: c, resourceClaimTemplateName: t}]`),
    errors: ['scheduling/resource-claim-source @ spec.resourceClaims[0].resourceClaimTemplateName'],
  },
  'a claim with no source': {
    upstream: 'PodGroupResourceClaim: exactly one of the two names',
    yaml: pg(`${base}\n  resourceClaims: [{name: a}]`),
    errors: ['scheduling/resource-claim-source @ spec.resourceClaims[0].resourceClaimName'],
  },
  'a claim name that is not a DNS label': {
    upstream: 'PodGroupResourceClaim: name a DNS label',
    yaml: pg(`${base}\n  resourceClaims: [{name: A_b, resourceClaimName: c}]`),
    errors: ['schema/format @ spec.resourceClaims[0].name'],
  },
  'both disruption modes': {
    upstream: 'DisruptionMode: union, both set',
    yaml: pg(`${base}\n  disruptionMode: {single: {}, all: {}}`),
    errors: ['scheduling/one-disruption-mode @ spec.disruptionMode.all'],
  },
  'the all disruption mode, a priority class and the highest priority': {
    upstream: 'PodGroupSpec: disruptionMode, priorityClassName, priority',
    yaml: pg(`${base}\n  disruptionMode: {all: {}}\n  priorityClassName: high\n  priority: 1000000000`),
  },
  'a priority above one billion': {
    upstream: 'PodGroupSpec: priority maximum',
    yaml: pg(`${base}\n  priority: 1000000001`),
    errors: ['schema/range @ spec.priority'],
  },
  'two topology constraints': {
    upstream: 'PodGroupSchedulingConstraints: at most one topology',
    yaml: pg(`${base}\n  schedulingConstraints: {topology: [{key: a}, {key: b}]}`),
    featureGates: TOPOLOGY,
    errors: ['schema/length @ spec.schedulingConstraints.topology'],
  },
  'schedulingConstraints with its gate off': {
    upstream: 'PodGroupSpec: schedulingConstraints forbidden unless TopologyAwareWorkloadScheduling',
    yaml: pg(`${base}\n  schedulingConstraints: {topology: [{key: foo}]}`),
    errors: ['feature-gate/gated-field @ spec.schedulingConstraints'],
  },
  'a parent with the CompositePodGroup gate on': {
    upstream: 'PodGroupSpec: parentCompositePodGroupName with CompositePodGroup',
    yaml: `${cpg(`${ref}\n  schedulingPolicy: {basic: {}}`, 'name: parent, namespace: ns')}---\n${pg(`  parentCompositePodGroupName: parent\n${base}`)}`,
    featureGates: COMPOSITE,
  },

  'update: no change': { upstream: 'ValidatePodGroupUpdate: no change', old: pg(base), yaml: pg(base) },
  'update: minCount may change': {
    upstream: 'GangSchedulingPolicy: minCount mutable',
    old: pg(base),
    yaml: pg(`${ref}\n  schedulingPolicy: {gang: {minCount: 7}}`),
  },
  'update: a new namespace': {
    upstream: 'ValidatePodGroupUpdate: change namespace',
    old: pg(base),
    yaml: pg(base, 'name: workload, namespace: nsbar'),
    errors: ['metadata/identity-immutable @ metadata.namespace'],
  },
  'update: gang to basic': {
    upstream: 'PodGroup update: gang can be neither added nor removed',
    old: pg(base),
    yaml: pg(`${ref}\n  schedulingPolicy: {basic: {}}`),
    errors: ['scheduling/podgroup-immutable @ spec.schedulingPolicy'],
  },
  'update: another template': {
    upstream: 'PodGroup update: workloadRef immutable',
    old: pg(base),
    yaml: pg(`  workloadRef: {workloadName: w, templateName: t2}\n${gang}`),
    errors: ['scheduling/podgroup-immutable @ spec.workloadRef.templateName'],
  },
  'update: another priority class': {
    upstream: 'PodGroup update: priorityClassName immutable',
    old: pg(`${base}\n  priorityClassName: high`),
    yaml: pg(`${base}\n  priorityClassName: low`),
    errors: ['scheduling/podgroup-immutable @ spec.priorityClassName'],
  },
  'update: the default disruption mode written out': {
    upstream: 'PodGroup defaults: disruptionMode single',
    old: pg(base),
    yaml: pg(`${base}\n  disruptionMode: {single: {}}`),
  },

  'a composite group with a gang policy': {
    upstream: 'ValidateCompositePodGroup: gang policy',
    yaml: cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 2}}`),
    featureGates: COMPOSITE,
  },
  'a composite group with a basic policy': {
    upstream: 'ValidateCompositePodGroup: basic policy',
    yaml: cpg(`${ref}\n  schedulingPolicy: {basic: {}}`),
    featureGates: COMPOSITE,
  },
  'a composite group with a dotted name': {
    upstream: 'ValidateCompositePodGroup: name a DNS subdomain',
    yaml: cpg(`${ref}\n  schedulingPolicy: {basic: {}}`, 'name: root.a, namespace: ns'),
    featureGates: COMPOSITE,
  },
  'a composite group named with a leading dot': {
    upstream: 'ValidateCompositePodGroup: invalid name',
    yaml: cpg(`${ref}\n  schedulingPolicy: {basic: {}}`, 'name: .cpg, namespace: ns'),
    featureGates: COMPOSITE,
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a composite group without workloadRef': {
    upstream: 'CompositePodGroupSpec: workloadRef required',
    yaml: cpg('  schedulingPolicy: {basic: {}}'),
    featureGates: COMPOSITE,
    errors: ['schema/required @ spec.workloadRef'],
  },
  'minGroupCount 0': {
    upstream: 'CompositeGangSchedulingPolicy: minGroupCount 0 is Required',
    yaml: cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 0}}`),
    featureGates: COMPOSITE,
    errors: ['schema/range @ spec.schedulingPolicy.gang.minGroupCount'],
  },
  'a parent name that is not a DNS subdomain': {
    upstream: 'CompositePodGroupSpec: parentCompositePodGroupName a DNS subdomain',
    yaml: cpg(`  parentCompositePodGroupName: Bad_P\n${ref}\n  schedulingPolicy: {basic: {}}`),
    featureGates: COMPOSITE,
    errors: ['schema/format @ spec.parentCompositePodGroupName'],
  },
  'a topology key that is not a label key': {
    upstream: 'CompositePodGroupSchedulingConstraints: topology key a label key',
    yaml: cpg(`${ref}\n  schedulingPolicy: {basic: {}}\n  schedulingConstraints: {topology: [{key: a/b/c}]}`),
    featureGates: COMPOSITE,
    errors: ['schema/format @ spec.schedulingConstraints.topology[0].key'],
  },
  'update: minGroupCount is immutable': {
    upstream: 'CompositePodGroup update: schedulingPolicy immutable',
    old: cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 2}}`),
    yaml: cpg(`${ref}\n  schedulingPolicy: {gang: {minGroupCount: 3}}`),
    featureGates: COMPOSITE,
    errors: ['scheduling/composite-spec-immutable @ spec.schedulingPolicy.gang.minGroupCount'],
  },
  'a cycle of parents': {
    upstream: 'kube-scheduler: a cycle marks the groups Invalid',
    yaml: `${cpg(`  parentCompositePodGroupName: b\n${ref}\n  schedulingPolicy: {basic: {}}`, 'name: a, namespace: ns')}---\n${cpg(`  parentCompositePodGroupName: a\n${ref}\n  schedulingPolicy: {basic: {}}`, 'name: b, namespace: ns')}`,
    featureGates: COMPOSITE,
    errors: ['scheduling/hierarchy-cycle @ spec.parentCompositePodGroupName'],
  },
  // Workload (a supporting kind): the fields its types mark required, each refused when absent by
  // kubernetes/kubernetes pkg/apis/scheduling/validation/validation.go at
  // 00447344aba092d2e9fed602d0a9522dda4fdd14 (validateControllerRef, validatePodGroup,
  // validatePodGroupPolicy, validateGangSchedulingPolicy; that copy still names the templates
  // podGroups) and, for the fields added since, by the declarative +k8s:required and union markers
  // of k8s.io/api scheduling v1beta1/v1alpha3 at 10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2.
  'a Workload with a controller and a gang template': {
    upstream: 'ValidateWorkload: valid',
    yaml: wl(`spec:\n  controllerRef: {apiGroup: apps, kind: Deployment, name: web}\n${template}`),
  },
  'a Workload without spec': {
    upstream: 'validatePodGroups: an empty spec has no templates (Required)',
    yaml: wl(''),
    errors: ['schema/required @ spec'],
  },
  'a controllerRef without kind and name': {
    upstream: 'validateControllerRef: kind and name Required',
    yaml: wl(`spec:\n  controllerRef: {apiGroup: apps}\n${template}`),
    errors: ['schema/required @ spec.controllerRef.kind', 'schema/required @ spec.controllerRef.name'],
  },
  'a pod-group template without a name': {
    upstream: 'validatePodGroup: name Required',
    yaml: wl('spec:\n  podGroupTemplates:\n  - schedulingPolicy: {basic: {}}'),
    errors: ['schema/required @ spec.podGroupTemplates[0].name'],
  },
  'a pod-group template without schedulingPolicy': {
    upstream: 'validatePodGroupPolicy: neither basic nor gang',
    yaml: wl('spec:\n  podGroupTemplates:\n  - name: t1'),
    errors: ['schema/required @ spec.podGroupTemplates[0].schedulingPolicy'],
  },
  'a gang template without minCount': {
    upstream: 'validateGangSchedulingPolicy: minCount 0 is Required',
    yaml: wl('spec:\n  podGroupTemplates:\n  - name: t1\n    schedulingPolicy: {gang: {}}'),
    errors: ['schema/required @ spec.podGroupTemplates[0].schedulingPolicy.gang.minCount'],
  },
  'a composite template without name and schedulingPolicy': {
    upstream: 'CompositePodGroupTemplate: name +k8s:required, schedulingPolicy a union with no member',
    yaml: wl('spec:\n  compositePodGroupTemplates:\n  - podGroupTemplates: [{name: t1, schedulingPolicy: {basic: {}}}]'),
    featureGates: COMPOSITE,
    errors: [
      'schema/required @ spec.compositePodGroupTemplates[0].name',
      'schema/required @ spec.compositePodGroupTemplates[0].schedulingPolicy',
    ],
  },
  'a composite gang template without minGroupCount': {
    upstream: 'CompositeGangSchedulingPolicy: minGroupCount +k8s:required',
    yaml: wl(
      'spec:\n  compositePodGroupTemplates:\n  - name: c1\n    schedulingPolicy: {gang: {}}\n    podGroupTemplates: [{name: t1, schedulingPolicy: {basic: {}}}]',
    ),
    featureGates: COMPOSITE,
    errors: ['schema/required @ spec.compositePodGroupTemplates[0].schedulingPolicy.gang.minGroupCount'],
  },
  'a v1alpha3 template claim without a name': {
    upstream: 'PodGroupResourceClaim: name +k8s:required',
    yaml: wl(
      'spec:\n  podGroupTemplates:\n  - name: t1\n    schedulingPolicy: {basic: {}}\n    resourceClaims: [{resourceClaimName: c}]',
      'v1alpha3',
    ),
    featureGates: COMPOSITE,
    errors: ['schema/required @ spec.podGroupTemplates[0].resourceClaims[0].name'],
  },
  'a v1alpha3 controllerRef without kind and name': {
    upstream: 'validateControllerRef: kind and name Required',
    yaml: wl(`spec:\n  controllerRef: {apiGroup: apps}\n${template}`, 'v1alpha3'),
    featureGates: COMPOSITE,
    errors: ['schema/required @ spec.controllerRef.kind', 'schema/required @ spec.controllerRef.name'],
  },
  // Status sent on create is dropped; resourceClaimStatuses are checked on status writes only.
  'a status resourceClaimStatuses entry without name': {
    upstream: 'PodGroup create: status dropped, status validation not run',
    yaml: `${pg(base)}status:\n  resourceClaimStatuses: [{resourceClaimName: claim}]\n`,
  },
};

describe('PodGroup, CompositePodGroup and Workload: parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
