import { describe, expect, it } from 'vitest';
import { errorsOf, type Finding } from '../fixtures.js';

/**
 * Event items of spec document A that structural validation enforces: each test fails if the
 * schema fact behind it goes away.
 */
function lint(fields: string): Finding[] {
  return errorsOf(`apiVersion: v1\nkind: Event\nmetadata: {name: web.17a3f0c2, namespace: shop}\nreason: Synced\n${fields}`);
}

const involved = 'involvedObject: {kind: Pod, namespace: shop, name: web-0}\n';

describe('Event items covered by structural validation', () => {
  it('involvedObject is not required: the spec says it is, but core v1 accepts an Event without it', () => {
    // In namespace shop the empty involved namespace is event/involved-object-namespace's finding.
    expect(lint('type: Normal\n').filter((d) => d.ruleId === 'schema/required')).toEqual([]);
  });

  it('timestamps are well-formed RFC 3339', () => {
    expect(lint(`${involved}firstTimestamp: "2026-07-24 09:13:40"\nlastTimestamp: "2026-02-30T09:13:40Z"\n`)).toEqual([
      {
        ruleId: 'schema/format',
        path: 'firstTimestamp',
        message: '"2026-07-24 09:13:40" is not an RFC 3339 timestamp such as 2024-05-01T12:00:00Z',
      },
      { ruleId: 'schema/format', path: 'lastTimestamp', message: '"2026-02-30T09:13:40Z" is not a real date and time' },
    ]);
  });

  it('eventTime and series.lastObservedTime are well-formed RFC 3339', () => {
    const newStyle = 'reportingComponent: ctl\nreportingInstance: ctl-1\naction: Sync\n';
    expect(
      lint(
        `${involved}${newStyle}eventTime: "1721810130"\nseries: {count: 2, lastObservedTime: "2026-07-24T10:19:30.6Z+01:00"}\n`,
      ),
    ).toEqual([
      {
        ruleId: 'schema/format',
        path: 'eventTime',
        message: '"1721810130" is not an RFC 3339 timestamp such as 2024-05-01T12:00:00Z',
      },
      {
        ruleId: 'schema/format',
        path: 'series.lastObservedTime',
        message: '"2026-07-24T10:19:30.6Z+01:00" is not an RFC 3339 timestamp such as 2024-05-01T12:00:00Z',
      },
    ]);
  });

  it('a timestamp is a string, not a number', () => {
    expect(lint(`${involved}lastTimestamp: 1721810130\n`)).toEqual([
      { ruleId: 'schema/type', path: 'lastTimestamp', message: 'must be a string, not the number 1721810130' },
    ]);
  });
});
