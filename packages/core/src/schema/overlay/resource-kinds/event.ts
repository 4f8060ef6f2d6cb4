// The overlay of event (document A).
import type { Overlay } from '../../overlay-types.js';
import { objectEnvelope, listType } from './envelope.js';

export const events: Overlay = {
  'core/v1.Event': {
    description:
      'A best-effort, informational report that something happened in the cluster. Events are kept only for a limited time; do not build on a reason staying stable or an event still existing.',
    spec: 'A Event',
    fields: {
      ...objectEnvelope('Event', 'A Event'),
      action: {
        description: 'What was done, or failed to be done, about the regarding/related object.',
        spec: 'A Event',
      },
      count: { description: 'How many times this event has happened.', spec: 'A Event' },
      eventTime: { description: 'When the event was first observed (microsecond precision).', spec: 'A Event' },
      firstTimestamp: {
        description: 'When the event was first recorded. The time the server received it is in the metadata.',
        spec: 'A Event',
      },
      involvedObject: {
        description:
          'The object this event is about. The spec lists it as required; the server does not check it for core `v1` Events, so an Event without it is accepted.',
        required: false,
        spec: 'A Event',
      },
      lastTimestamp: { description: 'When the most recent occurrence was recorded.', spec: 'A Event' },
      message: { description: 'Human-readable text about the status of the operation.', spec: 'A Event' },
      reason: {
        description: 'Short, machine-readable reason for the transition into the current state.',
        spec: 'A Event',
      },
      related: { description: 'Optional second object, for more complex actions.', spec: 'A Event' },
      reportingComponent: { description: 'Name of the controller that emitted this event.', spec: 'A Event' },
      reportingInstance: { description: 'Identifier of the emitting controller instance.', spec: 'A Event' },
      series: {
        description: 'Data about a series of repeated occurrences; left out for a one-off event.',
        spec: 'A Event',
      },
      source: { description: 'The component that reported the event.', spec: 'A Event' },
      type: {
        description: 'Event type: `Normal` or `Warning`. More types may be added later.',
        knownValues: ['Normal', 'Warning'],
        spec: 'A Event',
      },
    },
  },
  'core/v1.EventList': listType('Event', 'A Event'),
  'core/v1.EventSeries': {
    description: 'Something that keeps happening over a period of time.',
    spec: 'A Event',
    fields: {
      count: { description: 'Occurrences in the series up to the last heartbeat.', spec: 'A Event' },
      lastObservedTime: { description: 'When the latest occurrence was seen.', spec: 'A Event' },
    },
  },
  'core/v1.EventSource': {
    description: 'The component (and host) that reported an event.',
    spec: 'A Event',
    fields: {
      component: { description: 'Component that generated the event.', spec: 'A Event' },
      host: { description: 'Node name on which the event was generated.', spec: 'A Event' },
    },
  },
};
