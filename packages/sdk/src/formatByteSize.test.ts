import { formatByteSize } from './formatByteSize';

describe('formatByteSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536 * 1024, '1.5 MiB'],
    [12 * 1024 ** 3, '12 GiB'],
    [3 * 1024 ** 5, '3072 TiB'],
  ])('%i bytes read %s', (bytes, words) => {
    expect(formatByteSize(bytes)).toBe(words);
  });
});
