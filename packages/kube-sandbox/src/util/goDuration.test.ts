import { goDurationMs } from './goDuration';

describe('goDurationMs', () => {
  it.each([
    ['5m0s', 300_000],
    ['720h0m0s', 2_592_000_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['1.5s', 1500],
    [undefined, 42],
    ['', 42],
    ['soon', 42],
  ])('%s is %d ms', (text, expected) => {
    expect(goDurationMs(text, 42)).toBe(expected);
  });
});
