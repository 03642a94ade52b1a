import { agentHealth } from './agentHealth';

describe('agentHealth', () => {
  const now = new Date('2025-03-05T12:00:00.000Z');
  const secondsAgo = (seconds: number) =>
    new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    ['never called', null, 'NEVER_SEEN'],
    ['called just now', secondsAgo(0), 'HEALTHY'],
    ['called one heartbeat ago', secondsAgo(60), 'HEALTHY'],
    ['called exactly two heartbeats ago', secondsAgo(120), 'HEALTHY'],
    ['called just over two heartbeats ago', secondsAgo(121), 'STALE'],
    ['called a day ago', secondsAgo(86_400), 'STALE'],
  ])('is what it says when the agent %s', (_, agentLastSeenAt, expected) => {
    expect(
      agentHealth({ agentLastSeenAt, agentHeartbeatSeconds: 60 }, now),
    ).toBe(expected);
  });
});
