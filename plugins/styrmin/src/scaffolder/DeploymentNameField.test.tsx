import { useState } from 'react';
import {
  renderInTestApp,
  TestApiProvider,
} from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { styrminApiRef } from '../api';
import { mockStyrminApi } from '../__testUtils__/fixtures';
import {
  DeploymentNameField,
  deploymentNameValidation,
} from './DeploymentNameField';

const ENVIRONMENT = 'resource:default/dev';

/** The field in a form whose environment is dev (which has a deployment infrahub). */
function Form() {
  const [name, setName] = useState<string>();
  const props = {
    formData: name,
    onChange: setName,
    schema: {
      title: 'Deployment name',
      description: 'Unique in the environment',
    },
    uiSchema: {},
    formContext: { formData: { deploymentEnvironment: ENVIRONMENT } },
    idSchema: { $id: 'root_deploymentName' },
    rawErrors: [],
    required: true,
  } as any;
  return <DeploymentNameField {...props} />;
}

async function renderField(api = mockStyrminApi()) {
  await renderInTestApp(
    <TestApiProvider apis={[[styrminApiRef, api]]}>
      <Form />
    </TestApiProvider>,
  );
  return { api, input: screen.getByLabelText(/^Deployment name/) };
}

/** Runs the validation as the scaffolder does when Next is pressed. */
async function validate(name: string, api = mockStyrminApi()) {
  const field = { addError: jest.fn() };
  await deploymentNameValidation(name, field as any, {
    apiHolder: { get: () => api } as any,
    formData: { deploymentEnvironment: ENVIRONMENT },
    schema: {},
  });
  return field.addError.mock.calls.map(([message]) => message);
}

describe('DeploymentNameField', () => {
  it('accepts a free name that keeps the rules', async () => {
    const { api, input } = await renderField();
    await userEvent.type(input, 'infrahub-2');
    expect(
      await screen.findByText('Unique in the environment'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(api.getEnvironment).toHaveBeenCalledWith({ name: 'dev' });
    await expect(validate('infrahub-2')).resolves.toEqual([]);
  });

  it('says in words, not a pattern, which rule a name breaks', async () => {
    const { input } = await renderField();
    await userEvent.type(input, 'Infra_Hub');
    const message = (await validate('Infra_Hub'))[0];
    expect(message).not.toMatch(/\^|\[a-z/);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('says as you type that the environment has a deployment of the name', async () => {
    const { input } = await renderField();
    await userEvent.type(input, 'infrahub');
    const taken = 'The environment dev has a deployment named infrahub already';
    expect(await screen.findByText(taken)).toBeInTheDocument();
    await expect(validate('infrahub')).resolves.toEqual([taken]);
  });

  it('asks once typing pauses, not at each key', async () => {
    const { api, input } = await renderField();
    await userEvent.type(input, 'semaphore-two');
    await screen.findByText('Unique in the environment');
    expect(api.getEnvironment).toHaveBeenCalledTimes(1);
  });
});
