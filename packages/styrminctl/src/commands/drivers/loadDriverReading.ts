/**
 * What reads a local driver directory, loaded when `drivers load` or `validate` runs:
 * validating a driver brings the TypeScript compiler (it scans the driver's modules),
 * which every other command would pay for at start-up. A require(), not an import():
 * jest runs this package as CommonJS, where import() needs --experimental-vm-modules.
 */
export function loadDriverReading(): typeof import('../../drivers/driverLoadInput') &
  typeof import('../../drivers/readLocalDriver') {
  return {
    ...require('../../drivers/driverLoadInput'),
    ...require('../../drivers/readLocalDriver'),
  };
}
