// The overlay of flowSchema and PriorityLevelConfiguration (document B).
import type { Overlay, SpecRef } from '../../overlay-types.js';
import { objectEnvelope, listType, CONDITION_STATUS } from './envelope.js';

const FS: SpecRef = 'B FlowSchema';

export const flowSchemas: Overlay = {
  'flowcontrol/v1.FlowSchema': {
    description:
      'Defines a group of flows for API priority and fairness: requests with similar attributes, told apart by the schema name plus a flow distinguisher, are sent to one priority level. Cluster-scoped.',
    spec: FS,
    fields: {
      ...objectEnvelope('FlowSchema', FS),
      spec: { description: 'Which requests belong to this schema and where they go.', spec: FS },
      status: { description: 'Observed state of the schema.', spec: FS },
    },
  },
  'flowcontrol/v1.FlowSchemaList': listType('FlowSchema', FS),
  'flowcontrol/v1.FlowSchemaSpec': {
    description: 'Desired behavior of a FlowSchema.',
    spec: FS,
    fields: {
      distinguisherMethod: {
        description: 'How flows inside this schema are told apart. Absent means the distinguisher is always the empty string.',
        spec: FS,
      },
      matchingPrecedence: {
        description:
          'Ordering among schemas that match a request: the lowest number wins. 1 is reserved for the `exempt` schema (upstream). The spec asks for 1 to 10000; the server defaults an absent or 0 value to 1000, so 0 is accepted.',
        minimum: 0,
        maximum: 10000,
        default: 1000,
        spec: FS,
      },
      priorityLevelConfiguration: {
        description:
          'The PriorityLevelConfiguration that matching requests are assigned to. If it cannot be resolved the schema is ignored and marked invalid in its status.',
        spec: FS,
      },
      rules: {
        description: 'The schema matches a request when at least one rule does. An empty list matches nothing.',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.FlowSchemaStatus': {
    description: 'Observed state of a FlowSchema.',
    spec: FS,
    fields: {
      conditions: { description: 'Current conditions, merged by `type`.', spec: FS },
    },
  },
  'flowcontrol/v1.FlowSchemaCondition': {
    description: 'One observed condition of a FlowSchema.',
    spec: FS,
    fields: {
      lastTransitionTime: { description: 'When the status last changed.', spec: FS },
      message: { description: 'Human-readable detail about the last transition.', spec: FS },
      reason: { description: 'Unique, one-word CamelCase reason for the last transition.', spec: FS },
      status: { description: 'Whether the condition holds.', enum: CONDITION_STATUS, spec: FS },
      // Status is dropped on create; only status writes check it.
      type: { description: 'Condition type.', knownValues: ['Dangling'], required: false, spec: FS },
    },
  },
  'flowcontrol/v1.FlowDistinguisherMethod': {
    description: 'How to compute the flow distinguisher of a request.',
    spec: FS,
    fields: {
      type: {
        description: 'Distinguish flows by the requesting user or by the namespace of the request.',
        enum: ['ByUser', 'ByNamespace'],
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationReference': {
    description: 'Names the PriorityLevelConfiguration a FlowSchema sends requests to.',
    spec: FS,
    fields: {
      name: {
        description: 'Name of the PriorityLevelConfiguration.',
        format: 'dns-subdomain',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PolicyRulesWithSubjects': {
    description:
      'A rule that matches a request when at least one subject matches and at least one resource or non-resource rule matches.',
    spec: FS,
    fields: {
      subjects: {
        description:
          'Who the rule applies to; at least one entry. Listing both groups `system:authenticated` and `system:unauthenticated` matches every request.',
        minItems: 1,
        spec: FS,
      },
      resourceRules: {
        description: 'Rules for resource requests. This or nonResourceRules must be non-empty.',
        spec: FS,
      },
      nonResourceRules: {
        description: 'Rules for non-resource requests. This or resourceRules must be non-empty.',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.Subject': {
    description: 'Who a request comes from: a user, a group or a service account. `kind` says which member is set.',
    spec: FS,
    fields: {
      kind: {
        description: 'Which of the other fields is set.',
        enum: ['User', 'Group', 'ServiceAccount'],
        spec: FS,
      },
      user: { description: 'Matches a user; set when kind is User.', spec: FS },
      group: { description: 'Matches a group; set when kind is Group.', spec: FS },
      serviceAccount: { description: 'Matches a service account; set when kind is ServiceAccount.', spec: FS },
    },
  },
  'flowcontrol/v1.UserSubject': {
    description: 'A user to match.',
    spec: FS,
    fields: {
      name: { description: 'User name to match, or `*` for every user.', spec: FS },
    },
  },
  'flowcontrol/v1.GroupSubject': {
    description: 'A user group to match.',
    spec: FS,
    fields: {
      name: { description: 'Group to match, or `*` for every group.', spec: FS },
    },
  },
  'flowcontrol/v1.ServiceAccountSubject': {
    description: 'A service account to match.',
    spec: FS,
    fields: {
      name: { description: 'ServiceAccount name, or `*` for any name.', spec: FS },
      namespace: { description: 'Namespace of the ServiceAccount.', format: 'dns-label', spec: FS },
    },
  },
  'flowcontrol/v1.ResourcePolicyRule': {
    description:
      'Matches a resource request when verb, API group and resource match, and either the request is cluster-wide and clusterScope is true, or its namespace is listed (or `*` is).',
    spec: FS,
    fields: {
      apiGroups: {
        description: 'API groups to match; non-empty. `*` matches every group and must then be the only entry.',
        minItems: 1,
        spec: FS,
      },
      clusterScope: {
        description:
          'Match requests that carry no namespace (cluster-scoped resources, or requests across all namespaces). When false or unset, namespaces must be non-empty.',
        spec: FS,
      },
      namespaces: {
        description:
          'Namespaces to match; `*` matches any namespace but not a request without one. May be empty only when clusterScope is true.',
        spec: FS,
      },
      resources: {
        description:
          'Lowercase plural resources to match, optionally with a subresource (e.g. `deployments/status`); non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
      verbs: {
        description: 'Verbs to match; non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.NonResourcePolicyRule': {
    description: 'Matches a non-resource request when both a verb and a URL prefix match.',
    spec: FS,
    fields: {
      nonResourceURLs: {
        description:
          'URL prefixes to match; non-empty. A trailing `/*` matches everything below a path; any other `*` except a lone `*` (which must be the only entry) is invalid.',
        minItems: 1,
        spec: FS,
      },
      verbs: {
        description: 'Verbs to match; non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PriorityLevelConfiguration': {
    description:
      'A priority level for API priority and fairness: how much concurrency requests assigned to it get, and what happens to the excess. Referenced by FlowSchemas. Cluster-scoped.',
    spec: FS,
    fields: {
      ...objectEnvelope('PriorityLevelConfiguration', FS),
      spec: { description: 'Configuration of the priority level.', spec: FS },
      status: { description: 'Observed state of the priority level.', spec: FS },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationList': listType('PriorityLevelConfiguration', FS),
  'flowcontrol/v1.PriorityLevelConfigurationSpec': {
    description:
      'Configuration of a priority level: `type` says whether it is `Limited` or `Exempt`, and the matching member holds the details.',
    spec: FS,
    fields: {
      type: {
        description: '`Exempt` requests are never limited; `Limited` requests share a bounded concurrency budget.',
        enum: ['Exempt', 'Limited'],
        spec: FS,
      },
      limited: { description: 'Settings for a limited level; set when type is Limited.', spec: FS },
      exempt: { description: 'Settings for an exempt level; allowed only when type is Exempt.', spec: FS },
    },
  },
  'flowcontrol/v1.LimitedPriorityLevelConfiguration': {
    description: 'Concurrency limits of a limited priority level.',
    spec: FS,
    fields: {
      nominalConcurrencyShares: {
        description: "Share of the server's concurrency limit this level is nominally entitled to.",
        default: 30,
        spec: FS,
      },
      limitResponse: { description: 'What to do with requests that cannot run right away.', spec: FS },
      lendablePercent: { description: 'Percentage of the nominal concurrency other levels may borrow.', default: 0, spec: FS },
      borrowingLimitPercent: {
        description: 'Upper limit, as a percentage of the nominal concurrency, on what this level may borrow.',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.ExemptPriorityLevelConfiguration': {
    description: 'Settings of an exempt priority level.',
    spec: FS,
    fields: {
      nominalConcurrencyShares: { description: 'Share of the concurrency limit nominally reserved for this level.', spec: FS },
      lendablePercent: { description: 'Percentage of the nominal concurrency other levels may borrow.', spec: FS },
    },
  },
  'flowcontrol/v1.LimitResponse': {
    description: 'Handling of requests that exceed the concurrency of a limited level.',
    spec: FS,
    fields: {
      type: {
        description: '`Queue` holds excess requests in queues; `Reject` fails them at once.',
        enum: ['Queue', 'Reject'],
        spec: FS,
      },
      queuing: { description: 'Queue parameters; set when type is Queue.', spec: FS },
    },
  },
  'flowcontrol/v1.QueuingConfiguration': {
    description: 'Queue parameters of a limited priority level.',
    spec: FS,
    fields: {
      // 0 (or nothing) takes the default, so the ranges start at 0 (upstream validation); the
      // defaulter fills queues and handSize before validation compares them.
      queues: {
        description: 'Number of queues of the level; 0 takes the default, 64. At most 10,000,000.',
        minimum: 0,
        maximum: 10_000_000,
        default: 64,
        spec: FS,
      },
      handSize: {
        description: 'How many queues each flow is shuffle-sharded over; 0 takes the default, 8.',
        minimum: 0,
        default: 8,
        spec: FS,
      },
      queueLengthLimit: {
        description: 'Maximum number of requests waiting in one queue; 0 takes the default, 50.',
        minimum: 0,
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationStatus': {
    description: 'Observed state of a priority level.',
    spec: FS,
    fields: {
      conditions: { description: 'Current conditions, merged by `type`.', spec: FS },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationCondition': {
    description: 'One observed condition of a priority level.',
    spec: FS,
    fields: {
      lastTransitionTime: { description: 'When the status last changed.', spec: FS },
      message: { description: 'Human-readable detail about the last transition.', spec: FS },
      reason: { description: 'One-word CamelCase reason for the last transition.', spec: FS },
      status: { description: 'Whether the condition holds.', enum: CONDITION_STATUS, spec: FS },
      // Status is dropped on create; only status writes check it.
      type: { description: 'Condition type.', knownValues: ['ConcurrencyShared'], required: false, spec: FS },
    },
  },
};
