import { StyrminError } from '../errors/StyrminError';
import { allValid, withinField } from './combineValidations';

const bad = (field: string) => ({
  success: false as const,
  problems: [{ code: 'VALIDATION_FAILED' as const, field, message: 'Bad' }],
});

describe('withinField', () => {
  it('puts the problems under the field, and leaves a success alone', () => {
    expect(withinField('settings', bad('storage_class'))).toEqual(
      bad('settings.storage_class'),
    );
    expect(withinField('settings', bad(''))).toEqual(bad('settings'));
    const ok = { success: true as const, value: 1 };
    expect(withinField('settings', ok)).toBe(ok);
  });
});

describe('allValid', () => {
  it('returns the values by name', () => {
    expect(
      allValid({
        name: { success: true, value: 'dev' },
        location: { success: true, value: null },
      }),
    ).toEqual({ name: 'dev', location: null });
  });

  it('throws one error with the problems of every input', () => {
    let error: unknown;
    try {
      allValid({
        name: bad('name'),
        ok: { success: true, value: 1 },
        more: bad('x'),
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StyrminError);
    expect((error as StyrminError).problems?.map(p => p.path)).toEqual([
      'name',
      'x',
    ]);
  });
});
