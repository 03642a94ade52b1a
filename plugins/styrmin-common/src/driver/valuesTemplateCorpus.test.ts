import {
  BadInputCase,
  GeneratedText,
  inputText,
  readBadInputArea,
} from '../__testUtils__/badInputCorpus';
import { renderValuesTemplate } from './renderValuesTemplate';
import { ValuesTemplateError } from './ValuesTemplateError';

const context = {
  deployment: { name: 'corpus-dev', namespace: 'styrmin-1' },
  parameters: { text: 'abc', list: ['a', 'b'] },
};

describe('the bad-input corpus of values templates (corpus/bad-input/values-template)', () => {
  const cases = readBadInputArea<string | GeneratedText>('values-template');

  it.each(cases.map(entry => [entry.name, entry] as const))(
    '%s',
    (
      _name,
      { input, expect: expected }: BadInputCase<string | GeneratedText>,
    ) => {
      const frozen = structuredClone(context);
      let error: unknown;
      try {
        renderValuesTemplate(inputText(input), frozen);
      } catch (thrown) {
        error = thrown;
      }
      // No template changes what it was given, nor the prototypes it reaches.
      expect(frozen).toEqual(context);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(
        error === undefined
          ? 'accepted'
          : error instanceof ValuesTemplateError && error.code,
      ).toBe(expected.accept ? 'accepted' : expected.code);
    },
  );
});
