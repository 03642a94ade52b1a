import { ReactNode } from 'react';
import { TestApiProvider } from '@backstage/frontend-test-utils';
import { SignalApi, signalApiRef } from '@backstage/plugin-signals-react';
import { act, renderHook } from '@testing-library/react';
import { SIGNALLED_POLL_FACTOR, useLiveRefresh } from './useLiveRefresh';

/** A signals API whose test publishes the messages, and which counts its subscriptions. */
function fakeSignals() {
  const subscribers = new Map<string, Set<() => void>>();
  const api: SignalApi = {
    subscribe: (channel, onMessage) => {
      const set = subscribers.get(channel) ?? new Set();
      // What the backend sends, as the signals client hands it over (parsed JSON); the
      // hook reads none of it.
      const listener = () =>
        onMessage(JSON.parse('{"record":"cluster","id":"c1"}'));
      set.add(listener);
      subscribers.set(channel, set);
      return {
        unsubscribe: () => {
          set.delete(listener);
        },
      };
    },
  };
  return {
    api,
    publish: (channel: string) =>
      act(() => subscribers.get(channel)?.forEach(listener => listener())),
    listening: () =>
      [...subscribers].filter(([, set]) => set.size > 0).map(([c]) => c),
  };
}

function render(channel: string | string[] | undefined, signals?: SignalApi) {
  const refresh = jest.fn();
  const wrapper = ({ children }: { children: ReactNode }) =>
    signals ? (
      <TestApiProvider apis={[[signalApiRef, signals]]}>
        {children}
      </TestApiProvider>
    ) : (
      <TestApiProvider apis={[]}>{children}</TestApiProvider>
    );
  const hook = renderHook(() => useLiveRefresh(channel, refresh, 1_000), {
    wrapper,
  });
  return { refresh, ...hook };
}

describe('useLiveRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes on each signal of each of its channels, and on nothing else', () => {
    const signals = fakeSignals();
    const { refresh } = render(
      ['styrmin:environment:e1', 'styrmin:cluster:c1'],
      signals.api,
    );

    signals.publish('styrmin:environment:e1');
    signals.publish('styrmin:environment:e1');
    signals.publish('styrmin:cluster:c1');
    signals.publish('styrmin:environment:e2');

    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('polls less often while signals carry the changes', () => {
    const signals = fakeSignals();
    const { refresh } = render('styrmin:deployment:d1', signals.api);

    act(() => jest.advanceTimersByTime(1_000 * SIGNALLED_POLL_FACTOR - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('polls at its interval where the app has no signals', () => {
    const { refresh } = render('styrmin:deployment:d1');

    act(() => jest.advanceTimersByTime(3_000));
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('does nothing without a channel, and stops listening when unmounted', () => {
    const signals = fakeSignals();
    const idle = render(undefined, signals.api);
    act(() => jest.advanceTimersByTime(10_000 * SIGNALLED_POLL_FACTOR));
    expect(idle.refresh).not.toHaveBeenCalled();
    expect(signals.listening()).toEqual([]);

    const live = render(['styrmin:cluster:c1'], signals.api);
    expect(signals.listening()).toEqual(['styrmin:cluster:c1']);
    live.unmount();
    expect(signals.listening()).toEqual([]);
    act(() => jest.advanceTimersByTime(10_000 * SIGNALLED_POLL_FACTOR));
    expect(live.refresh).not.toHaveBeenCalled();
  });
});
