import { styrminPlugin } from './plugin';

describe('styrmin', () => {
  it('should export plugin', () => {
    expect(styrminPlugin).toBeDefined();
  });
});
