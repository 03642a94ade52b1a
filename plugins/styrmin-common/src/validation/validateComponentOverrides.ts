import { ComponentOverrides } from '../configuration/ComponentOverrides';
import { imageOverrideProblem } from '../configuration/imageOverride';
import { DriverSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { driverVersionName } from './driverVersionName';
import { ValidationProblem } from './ValidationProblem';

/** The overrides that go to the component container, with how messages name them. */
const CONTAINER_OVERRIDES = {
  env: 'env var',
  image: 'image',
  command: 'command',
  args: 'args',
} as const;

type ContainerOverride = keyof typeof CONTAINER_OVERRIDES;

function isSet(overrides: ComponentOverrides, key: ContainerOverride) {
  // An empty env map sets nothing; an empty args list replaces the chart's args.
  return key === 'env'
    ? Object.keys(overrides.env ?? {}).length > 0
    : overrides[key] !== undefined;
}

/**
 * Checks a deployment's component overrides against its driver version, as the glossary
 * says: each names a component the driver version declares; env vars, the image override,
 * command and args need the component's component container
 * (COMPONENT_CONTAINER_NOT_DECLARED), and the image override a full reference with an
 * explicit tag or digest; a singleton component takes no replica override above 1
 * (SINGLETON_REPLICA_OVERRIDE). That a replica override is a whole number of 1 or more is
 * the shape of {@link ComponentOverrides}.
 *
 * @public
 */
export function validateComponentOverrides({
  driver,
  components,
  appVersion,
}: {
  driver: DriverSpec;
  components: Readonly<Record<string, ComponentOverrides>>;
  /** The application version that a `{{ app.version }}` token in the image stands for. */
  appVersion?: string;
}): ValidationProblem[] {
  const declared = driver.spec.components;
  return Object.entries(components).flatMap(
    ([name, overrides]): ValidationProblem[] => {
      const field = (...path: string[]) =>
        formatDriverSpecPath(['components', name, ...path]);
      if (!Object.hasOwn(declared, name)) {
        return [
          {
            code: 'VALIDATION_FAILED',
            field: field(),
            message: `${driverVersionName(
              driver,
            )} declares no component "${name}"; it declares ${Object.keys(
              declared,
            ).join(', ')}`,
          },
        ];
      }
      const component = declared[name];
      const problems: ValidationProblem[] = [];
      const containerOverrides = (
        Object.keys(CONTAINER_OVERRIDES) as ContainerOverride[]
      ).filter(key => isSet(overrides, key));
      if (component.container === undefined) {
        problems.push(
          ...containerOverrides.map(key => ({
            code: 'COMPONENT_CONTAINER_NOT_DECLARED' as const,
            field: field(key),
            message: `Component ${name} of ${driverVersionName(
              driver,
            )} declares no component container, so it takes no ${
              CONTAINER_OVERRIDES[key]
            } override`,
          })),
        );
      } else if (overrides.image !== undefined) {
        const problem = imageOverrideProblem(overrides.image, { appVersion });
        if (problem) {
          problems.push({
            code: 'VALIDATION_FAILED',
            field: field('image'),
            message: `The image override ${JSON.stringify(
              overrides.image,
            )} is not a full image reference: ${problem}`,
          });
        }
      }
      if (
        component.singleton &&
        overrides.replicas !== undefined &&
        overrides.replicas > 1
      ) {
        problems.push({
          code: 'SINGLETON_REPLICA_OVERRIDE',
          field: field('replicas'),
          message: `Component ${name} is a singleton component: it runs 1 replica, so its replica override cannot be ${overrides.replicas}`,
        });
      }
      return problems;
    },
  );
}
