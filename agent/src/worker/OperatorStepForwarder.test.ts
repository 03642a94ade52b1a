import { StepEvent } from '../operator/StepRecorder';
import { OperatorStepForwarder } from './OperatorStepForwarder';

const event = (
  taskId: string | undefined,
  status: StepEvent['status'],
): StepEvent => ({
  taskId,
  instanceId: 'i1',
  deployment: 'styrmin-system/d1',
  generation: 1,
  step: 'Ensure the namespace',
  status,
});

describe('OperatorStepForwarder', () => {
  it('hands events to the run of their task, and keeps them until it comes', async () => {
    let now = 0;
    const forwarder = OperatorStepForwarder.create({ now: () => now });
    const seen: StepEvent[] = [];
    await forwarder.record(event('t1', 'RUNNING'));
    await forwarder.record(event(undefined, 'RUNNING'));
    const detach = forwarder.attach('t1', { observe: e => seen.push(e) });
    expect(seen).toEqual([event('t1', 'RUNNING')]);

    await forwarder.record(event('t1', 'SUCCEEDED'));
    await forwarder.record(event('t2', 'RUNNING'));
    expect(seen).toEqual([event('t1', 'RUNNING'), event('t1', 'SUCCEEDED')]);

    detach();
    await forwarder.record(event('t1', 'FAILED'));
    expect(seen).toHaveLength(2);

    // What waits too long goes: the run reads the conditions anyway.
    now += 11 * 60_000;
    await forwarder.record(event('t3', 'RUNNING'));
    const late: StepEvent[] = [];
    forwarder.attach('t2', { observe: e => late.push(e) });
    forwarder.attach('t3', { observe: e => late.push(e) });
    expect(late).toEqual([event('t3', 'RUNNING')]);
  });
});
