import { FieldSelector } from './FieldSelector';

describe('FieldSelector', () => {
  const fields = { 'metadata.name': 'a,b', 'status.phase': 'Running' };

  it.each([
    ['', true],
    ['status.phase=Running', true],
    ['status.phase==Running', true],
    ['status.phase!=Running', false],
    ['metadata.name=a\\,b', true],
    ['metadata.name=a\\,b,status.phase=Pending', false],
    ['spec.nodeName=', false],
  ])('%s matches: %s', (selector, expected) => {
    expect(FieldSelector.parse(selector).matches(fields)).toBe(expected);
  });

  it('lists the fields it reads', () => {
    expect(FieldSelector.parse('a=1,b!=2').fields).toEqual(['a', 'b']);
  });

  it('rejects a term without an operator', () => {
    expect(() => FieldSelector.parse('status.phase')).toThrow(
      /invalid selector/,
    );
  });
});
