import { useState } from 'react';
import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppVersionField, appVersionValidation } from './AppVersionField';

const OPTIONS = {
  supportedVersions: '>=1.5.0 <1.7.0',
  driverVersion: 'infrahub 1.0.0',
};

function Form() {
  const [version, setVersion] = useState<string>();
  const props = {
    formData: version,
    onChange: setVersion,
    schema: { title: 'Application version' },
    uiSchema: { 'ui:options': OPTIONS },
    idSchema: { $id: 'root_appVersion' },
    rawErrors: [],
  } as any;
  return <AppVersionField {...props} />;
}

function validate(version: string) {
  const field = { addError: jest.fn() };
  appVersionValidation(version, field as any, {
    apiHolder: {} as any,
    formData: {},
    schema: {},
    uiSchema: { 'ui:options': OPTIONS },
  });
  return field.addError.mock.calls.map(([message]) => message);
}

describe('AppVersionField', () => {
  it('accepts a supported version and says which are', async () => {
    await renderInTestApp(<Form />);
    await userEvent.type(
      screen.getByLabelText(/^Application version/),
      '1.6.3',
    );
    expect(
      screen.getByText('Supported versions: >=1.5.0 <1.7.0'),
    ).toBeInTheDocument();
    expect(validate('1.6.3')).toEqual([]);
  });

  it('says in a sentence why a version out of range is refused', async () => {
    await renderInTestApp(<Form />);
    await userEvent.type(
      screen.getByLabelText(/^Application version/),
      '1.7.0',
    );
    const message =
      'infrahub 1.0.0 deploys the application versions >=1.5.0 <1.7.0, which 1.7.0 is outside of';
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(validate('1.7.0')).toEqual([message]);
  });

  it('says what a version looks like', () => {
    expect(validate('latest')).toEqual([
      '"latest" is not a semantic version such as 1.5.2',
    ]);
  });
});
