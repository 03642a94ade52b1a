import { WorkQueue } from './WorkQueue';

describe('WorkQueue', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('de-duplicates keys that wait, in the order they came', async () => {
    const queue = WorkQueue.create();
    ['a', 'b', 'a', 'c', 'b'].forEach(key => queue.add(key));
    expect(queue.length).toBe(3);
    expect([await queue.get(), await queue.get(), await queue.get()]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('never hands out a key twice at once: one added in flight comes back at done', async () => {
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

  it('wakes a waiting worker when a key comes', async () => {
    const queue = WorkQueue.create();
    const next = queue.get();
    queue.add('a');
    await expect(next).resolves.toBe('a');
  });

  it('adds after a delay, keeping the earliest pending one', () => {
    jest.useFakeTimers();
    const queue = WorkQueue.create();
    queue.addAfter('a', 100);
    queue.addAfter('a', 300);
    queue.addAfter('b', 200);
    queue.addAfter('b', 50);
    jest.advanceTimersByTime(60);
    expect(queue.length).toBe(1);
    jest.advanceTimersByTime(40);
    expect(queue.length).toBe(2);
    jest.advanceTimersByTime(1000);
    expect(queue.length).toBe(2);
  });

  it('backs off exponentially per key until forgotten', async () => {
    jest.useFakeTimers();
    const queue = WorkQueue.create({ baseDelayMs: 10, maxDelayMs: 35 });
    const delayOf = async () => {
      queue.addRateLimited('a');
      let waited = 0;
      while (queue.length === 0) {
        jest.advanceTimersByTime(1);
        waited += 1;
      }
      await queue.get();
      queue.done('a');
      return waited;
    };
    expect([
      await delayOf(),
      await delayOf(),
      await delayOf(),
      await delayOf(),
    ]).toEqual([10, 20, 35, 35]);
    expect(queue.numRequeues('a')).toBe(4);
    queue.forget('a');
    expect(queue.numRequeues('a')).toBe(0);
    expect(await delayOf()).toBe(10);
  });

  it('shuts down: waiting workers get nothing, delayed adds never come', async () => {
    jest.useFakeTimers();
    const queue = WorkQueue.create();
    const waiting = queue.get();
    queue.addAfter('a', 10);
    queue.shutDown();
    await expect(waiting).resolves.toBeUndefined();
    jest.advanceTimersByTime(100);
    queue.add('b');
    expect(queue.length).toBe(0);
    await expect(queue.get()).resolves.toBeUndefined();
  });
});
