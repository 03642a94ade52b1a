import { Entity } from '@backstage/catalog-model';
import {
  driverTemplateName,
  STYRMIN_ANNOTATIONS,
  STYRMIN_ENTITY_TYPES,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import {
  EntityContext,
  locationAnnotations,
  pageUrl,
  styrminLink,
} from '../entities/EntityContext';
import { StyrminDriverVersionRecord } from '../records/readStyrminRecords';
import { FORM_FIELDS, stepParameters, templateFormPages } from './templateForm';

/** The id of the template's one step, which its output reads. */
const STEP_ID = 'deploy';

/**
 * An application driver version as a software template (`scaffolder.backstage.io/v1beta3`,
 * `spec.type: styrmin-deployment`): title, description, links and icon from `spec.info`,
 * tags `styrmin` and the driver's name, the form of {@link templateFormPages}, and one step
 * that creates the deployment with `styrmin:deployment:create` as the user who runs it.
 */
export function templateEntity(
  driverVersion: StyrminDriverVersionRecord,
  context: EntityContext,
): Entity {
  const { name, version, title, spec } = driverVersion;
  const { info } = spec.spec;
  const url = pageUrl(context, styrminPagePaths.driverVersion(driverVersion));
  return {
    apiVersion: 'scaffolder.backstage.io/v1beta3',
    kind: 'Template',
    metadata: {
      name: driverTemplateName(driverVersion),
      namespace: context.namespace,
      title: `${title} ${version}`,
      description: info.description,
      tags: ['styrmin', name],
      annotations: {
        ...locationAnnotations(url),
        [STYRMIN_ANNOTATIONS.driver]: name,
        [STYRMIN_ANNOTATIONS.driverVersion]: version,
        ...(info.icon ? { [STYRMIN_ANNOTATIONS.icon]: info.icon } : {}),
      },
      links: [
        styrminLink(url, `${title} ${version} in Styrmin`),
        ...info.links.map(link => ({ title: link.title, url: link.url })),
      ],
    },
    spec: {
      type: STYRMIN_ENTITY_TYPES.template,
      owner: context.defaultOwner,
      parameters: templateFormPages(driverVersion, {
        namespace: context.namespace,
      }),
      steps: [
        {
          id: STEP_ID,
          name: `Deploy ${title} ${version}`,
          action: 'styrmin:deployment:create',
          input: {
            environment: `\${{ parameters.${FORM_FIELDS.environment} }}`,
            name: `\${{ parameters.${FORM_FIELDS.name} }}`,
            driver: name,
            driverVersion: version,
            appVersion: `\${{ parameters.${FORM_FIELDS.appVersion} }}`,
            parameters: stepParameters(spec),
          },
        },
      ],
      output: {
        links: [
          {
            title: 'Open the deployment in Styrmin',
            icon: 'dashboard',
            url: `\${{ steps['${STEP_ID}'].output.deploymentUrl }}`,
          },
          {
            title: 'Open the deployment in the catalog',
            icon: 'catalog',
            entityRef: `\${{ steps['${STEP_ID}'].output.entityRef }}`,
          },
        ],
      },
    },
  };
}
