import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { loadDriverReading } from './loadDriverReading';

/** `styrminctl drivers validate`: a driver directory, offline. */
export function registerValidateCommand(
  drivers: Command,
  context: CommandRuntime,
): void {
  drivers
    .command('validate')
    .description(
      'Validate a driver directory, offline, as the server would; print each problem as file:line:column path message',
    )
    .argument('<dir>', 'the driver directory')
    .action(async (dir: string) => {
      const { readLocalDriver } = loadDriverReading();
      const bundle = await readLocalDriver(dir);
      context.print({
        valid: true,
        name: bundle.spec.metadata.name,
        version: bundle.spec.spec.version,
        digest: bundle.digest,
        files: bundle.files.length,
      });
    });
}
