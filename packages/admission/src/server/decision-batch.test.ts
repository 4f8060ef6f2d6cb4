import { describe, expect, it } from 'vitest';
import { DecisionBatch } from './decision-batch.js';

describe('DecisionBatch', () => {
  it('decides everything queued in one turn, in order, before any of it is answered', async () => {
    const batch = new DecisionBatch();
    const events: string[] = [];
    const answered = [1, 2, 3].map((n) =>
      batch
        .run(() => {
          events.push(`decide ${n}`);
          return n * 10;
        })
        .then((value) => events.push(`answer ${n}: ${value}`)),
    );
    // Nothing is decided in the turn that queued it.
    expect(events).toEqual([]);
    await Promise.all(answered);
    expect(events).toEqual(['decide 1', 'decide 2', 'decide 3', 'answer 1: 10', 'answer 2: 20', 'answer 3: 30']);
  });

  it('rejects only the request whose decision threw; the others of its batch are answered', async () => {
    const batch = new DecisionBatch();
    const results = await Promise.allSettled([
      batch.run(() => 'first'),
      batch.run(() => {
        throw new Error('engine failure');
      }),
      batch.run(() => Promise.resolve('from a worker')),
    ]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'first' },
      { status: 'rejected', reason: new Error('engine failure') },
      { status: 'fulfilled', value: 'from a worker' },
    ]);
  });

  it('starts a new batch for what is queued after one has run', async () => {
    const batch = new DecisionBatch();
    expect(await batch.run(() => 1)).toBe(1);
    expect(await batch.run(() => 2)).toBe(2);
  });
});
