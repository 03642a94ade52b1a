import { FakeClock } from './__testUtils__/FakeClock';
import { WorkQueue } from './WorkQueue';

/** Hands out every key that waits, marking each done. */
async function drain(queue: WorkQueue): Promise<string[]> {
  const keys: string[] = [];
  while (queue.length > 0) {
    const key = (await queue.get())!;
    keys.push(key);
    queue.done(key);
  }
  return keys;
}

describe('WorkQueue', () => {
  describe('de-duplication', () => {
    it.each([
      { added: ['a'], handedOut: ['a'] },
      { added: ['a', 'a', 'a'], handedOut: ['a'] },
      { added: ['a', 'b', 'a', 'c', 'b'], handedOut: ['a', 'b', 'c'] },
      { added: ['c', 'b', 'a'], handedOut: ['c', 'b', 'a'] },
    ])('hands out $added as $handedOut', async ({ added, handedOut }) => {
      const queue = WorkQueue.create();
      added.forEach(key => queue.add(key));
      expect(queue.length).toBe(handedOut.length);
      expect(await drain(queue)).toEqual(handedOut);
    });
  });

  describe('one in flight per key', () => {
    it('holds a key added in flight until done, then hands it out again once', async () => {
      const queue = WorkQueue.create();
      queue.add('a');
      expect(await queue.get()).toBe('a');
      queue.add('a');
      queue.add('a');
      expect(queue.length).toBe(0);
      queue.done('a');
      expect(queue.length).toBe(1);
      expect(await queue.get()).toBe('a');
      queue.done('a');
      expect(queue.length).toBe(0);
    });

    it('hands other keys out while one is in flight', async () => {
      const queue = WorkQueue.create();
      queue.add('a');
      expect(await queue.get()).toBe('a');
      queue.add('a');
      queue.add('b');
      expect(await drain(queue)).toEqual(['b']);
    });

    it('never hands a key to two waiting workers', async () => {
      const queue = WorkQueue.create();
      const first = queue.get();
      const second = queue.get();
      queue.add('a');
      queue.add('a');
      await expect(first).resolves.toBe('a');
      queue.add('b');
      await expect(second).resolves.toBe('b');
    });
  });

  describe('delayed adds', () => {
    it.each([
      { name: 'no delay: at once', adds: [['a', 0]], at: { 0: ['a'] } },
      {
        name: 'once the delay passed',
        adds: [['a', 100]],
        at: { 99: [], 100: ['a'] },
      },
      {
        name: 'a later delay of a pending key: ignored',
        adds: [
          ['a', 100],
          ['a', 300],
        ],
        at: { 100: ['a'], 1000: [] },
      },
      {
        name: 'an earlier delay of a pending key: replaces it',
        adds: [
          ['b', 200],
          ['b', 50],
        ],
        at: { 49: [], 50: ['b'], 1000: [] },
      },
      {
        name: 'keys in the order their delays end',
        adds: [
          ['a', 30],
          ['b', 10],
          ['c', 20],
        ],
        at: { 30: ['b', 'c', 'a'] },
      },
    ] as Array<{
      name: string;
      adds: Array<[string, number]>;
      at: Record<number, string[]>;
    }>)('adds after a delay: $name', async ({ adds, at }) => {
      const clock = new FakeClock();
      const queue = WorkQueue.create({ clock });
      adds.forEach(([key, delayMs]) => queue.addAfter(key, delayMs));
      for (const [time, keys] of Object.entries(at)) {
        clock.advance(Number(time) - clock.now());
        expect(await drain(queue)).toEqual(keys);
      }
      expect(clock.pending).toBe(0);
    });

    it('adds a key whose delay ends in flight once it is done', async () => {
      const clock = new FakeClock();
      const queue = WorkQueue.create({ clock });
      queue.add('a');
      expect(await queue.get()).toBe('a');
      queue.addAfter('a', 10);
      clock.advance(10);
      expect(queue.length).toBe(0);
      queue.done('a');
      expect(await drain(queue)).toEqual(['a']);
    });
  });

  describe('rate-limited adds', () => {
    it.each([
      { base: 5, max: 300_000, failures: 4, delays: [5, 10, 20, 40] },
      { base: 10, max: 35, failures: 5, delays: [10, 20, 35, 35, 35] },
      { base: 500, max: 60_000, failures: 3, delays: [500, 1000, 2000] },
    ])(
      'backs off base $base, max $max as $delays',
      async ({ base, max, failures, delays }) => {
        const clock = new FakeClock();
        const queue = WorkQueue.create({
          baseDelayMs: base,
          maxDelayMs: max,
          clock,
        });
        const waited: number[] = [];
        for (let failure = 0; failure < failures; failure++) {
          const start = clock.now();
          queue.addRateLimited('a');
          while (queue.length === 0) {
            clock.advance(1);
          }
          waited.push(clock.now() - start);
          await drain(queue);
        }
        expect(waited).toEqual(delays);
        expect(queue.numRequeues('a')).toBe(failures);
      },
    );

    it('counts back-off per key, and forget resets it', async () => {
      const clock = new FakeClock();
      const queue = WorkQueue.create({ baseDelayMs: 10, clock });
      queue.addRateLimited('a');
      queue.addRateLimited('a');
      queue.addRateLimited('b');
      expect([queue.numRequeues('a'), queue.numRequeues('b')]).toEqual([2, 1]);
      clock.advance(10);
      expect(await drain(queue)).toEqual(['a', 'b']);
      queue.forget('a');
      expect([queue.numRequeues('a'), queue.numRequeues('b')]).toEqual([0, 1]);
      queue.addRateLimited('a');
      queue.addRateLimited('b');
      clock.advance(10);
      expect(await drain(queue)).toEqual(['a']);
      clock.advance(10);
      expect(await drain(queue)).toEqual(['b']);
    });

    it('adds after a given delay when asked, still counting the failure', async () => {
      const clock = new FakeClock();
      const queue = WorkQueue.create({ baseDelayMs: 10, clock });
      queue.addRateLimited('a', { delayMs: 1 });
      clock.advance(1);
      expect(await drain(queue)).toEqual(['a']);
      expect(queue.numRequeues('a')).toBe(1);
      queue.addRateLimited('a');
      clock.advance(19);
      expect(queue.length).toBe(0);
      clock.advance(1);
      expect(await drain(queue)).toEqual(['a']);
    });
  });

  describe('shutDown', () => {
    it('wakes every waiting worker with nothing, and nothing comes after', async () => {
      const clock = new FakeClock();
      const queue = WorkQueue.create({ clock });
      const waiting = [queue.get(), queue.get(), queue.get()];
      queue.addAfter('a', 10);
      queue.addRateLimited('b');
      queue.shutDown();
      await expect(Promise.all(waiting)).resolves.toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      expect(clock.pending).toBe(0);
      queue.add('c');
      queue.addAfter('d', 1);
      expect(queue.length).toBe(0);
      await expect(queue.get()).resolves.toBeUndefined();
    });

    it('drops the keys that waited', async () => {
      const queue = WorkQueue.create();
      queue.add('a');
      queue.shutDown();
      expect(queue.length).toBe(0);
      await expect(queue.get()).resolves.toBeUndefined();
    });
  });
});
