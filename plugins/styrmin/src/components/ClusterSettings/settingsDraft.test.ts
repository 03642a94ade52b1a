import { draftOf, settingsOf } from './settingsDraft';

describe('the settings draft', () => {
  const settings = {
    storage_class: 'standard',
    storage_classes: { fast: 'ssd' },
    base_domain: 'apps.example.com',
  };

  it('gives the settings back as they were', () => {
    expect(draftOf(settings)).toEqual({
      storage_class: 'standard',
      ingress_class: '',
      base_domain: 'apps.example.com',
      other: JSON.stringify({ storage_classes: { fast: 'ssd' } }, null, 2),
    });
    expect(settingsOf(draftOf(settings))).toEqual({ settings });
    expect(settingsOf(draftOf({}))).toEqual({ settings: {} });
  });

  it('leaves out what is emptied, and trims what is typed', () => {
    expect(
      settingsOf({
        ...draftOf(settings),
        storage_class: '  ',
        ingress_class: ' nginx ',
        other: '',
      }),
    ).toEqual({
      settings: { ingress_class: 'nginx', base_domain: 'apps.example.com' },
    });
  });

  it.each([
    ['text that is not JSON', '{ fast: ', /^Not JSON: /],
    ['JSON that is not an object', '["ssd"]', /^Must be a JSON object/],
    ['null', 'null', /^Must be a JSON object/],
    [
      'a setting that has a field of its own',
      '{ "base_domain": "x.example.com" }',
      /^base_domain has a field of its own above$/,
    ],
  ])('refuses %s', (_, other, problem) => {
    const read = settingsOf({ ...draftOf(settings), other });
    expect(read).toEqual({ problem: expect.stringMatching(problem) });
  });
});
