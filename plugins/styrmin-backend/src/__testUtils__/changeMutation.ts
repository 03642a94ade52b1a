/**
 * The document of a mutation that answers a DeploymentChangeResult, selecting `fields`
 * (a `fragment Change on DeploymentChangeResult`), for the tests of deployment changes.
 */
export const changeMutation = (
  mutation: string,
  inputType: string,
  fields: string,
) => /* GraphQL */ `
  mutation Change($input: ${inputType}!) {
    ${mutation}(input: $input) {
      ...Change
    }
  }
  ${fields}
`;
