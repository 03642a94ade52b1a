import { backupRefusal, restoreRefusal } from './restoreRefusal';

const now = new Date('2026-12-01T12:00:00Z');
const completed = {
  deploymentId: 'd1',
  phase: 'Completed' as const,
  expiresAt: new Date('2026-12-31T12:00:00Z'),
};
const infrahub = { id: 'd1', name: 'infrahub', state: 'RUNNING' as const };
const allowed = {
  backup: completed,
  target: infrahub,
  forClone: false,
  targetBusy: false,
  now,
};

describe('backupRefusal', () => {
  const conflict = (message: string) => ({
    code: 'CONFLICT',
    message: expect.stringContaining(message),
  });

  it.each([
    ['Completed', completed, undefined],
    [
      'PartiallyFailed',
      { ...completed, phase: 'PartiallyFailed' as const },
      conflict(
        'The backup is PartiallyFailed: only a Completed backup can be restored',
      ),
    ],
    [
      'InProgress',
      { ...completed, phase: 'InProgress' as const },
      conflict('The backup is InProgress'),
    ],
    [
      'not started',
      { ...completed, phase: undefined },
      conflict('The backup is not started'),
    ],
    [
      'expired',
      { ...completed, expiresAt: now },
      conflict('The backup expired at 2026-12-01T12:00:00.000Z'),
    ],
  ])('%s', (_what, backup, expected) => {
    expect(backupRefusal({ backup, now })).toEqual(expected);
  });
});

describe('restoreRefusal', () => {
  it('allows an in-place restore of a Completed backup into an idle deployment', () => {
    expect(restoreRefusal(allowed)).toBeUndefined();
  });

  describe('1. not into a tombstone', () => {
    it.each([
      ['deleted', { ...infrahub, state: 'DELETED' as const, deletedAt: now }],
      [
        'being deleted',
        { ...infrahub, state: 'DELETING' as const, deletedAt: now },
      ],
    ])('%s', (_what, target) => {
      expect(restoreRefusal({ ...allowed, target })).toEqual({
        code: 'CONFLICT',
        message:
          'Deployment infrahub is deleted: a backup cannot be restored into a tombstone',
      });
    });
  });

  describe('2. only from a backup that can be restored', () => {
    it('refuses a Failed backup', () => {
      expect(
        restoreRefusal({
          ...allowed,
          backup: { ...completed, phase: 'Failed' },
        }),
      ).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('Failed'),
      });
    });
  });

  describe('3. in place, unless for a clone', () => {
    const other = { ...infrahub, id: 'd9', name: 'infrahub-copy' };
    it('refuses another deployment', () => {
      expect(restoreRefusal({ ...allowed, target: other })).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
    it('allows the deployment a clone created', () => {
      expect(
        restoreRefusal({ ...allowed, target: other, forClone: true }),
      ).toBeUndefined();
    });
  });

  describe('4. not while another task runs', () => {
    it('refuses a busy deployment', () => {
      expect(restoreRefusal({ ...allowed, targetBusy: true })).toEqual({
        code: 'CONFLICT',
        message:
          'Deployment infrahub has a task running; restore when it has ended',
      });
    });
  });

  describe('the order of the rules', () => {
    it('names the tombstone before the backup, the backup before the target, the target before the task', () => {
      const everything = {
        backup: { ...completed, phase: 'Failed' as const },
        target: { ...infrahub, id: 'd9', state: 'DELETED' as const },
        forClone: false,
        targetBusy: true,
        now,
      };
      expect(restoreRefusal(everything)?.message).toContain('tombstone');
      expect(
        restoreRefusal({
          ...everything,
          target: { ...everything.target, state: 'RUNNING' },
        })?.message,
      ).toContain('Failed');
      expect(
        restoreRefusal({
          ...everything,
          backup: completed,
          target: { ...everything.target, state: 'RUNNING' },
        })?.code,
      ).toBe('VALIDATION_FAILED');
    });
  });
});
