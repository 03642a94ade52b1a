/*
 * Reseals every secret value in the Styrmin backend's database under the newest key of
 * styrmin.secrets.keys, with the backend's own configuration and database settings: a key
 * rotation's second step without restarting the backend, which does the same at its start
 * (docs/secrets-at-rest.md). Run it through scripts/reseal-secrets, with the --config
 * arguments the backend starts with. It prints how many values of each column it resealed
 * and ends non-zero, naming the key, when a value is sealed under a key no longer listed.
 */
import { DatabaseManager } from '@backstage/backend-defaults/database';
import { LoggerService } from '@backstage/backend-plugin-api';
import { ConfigSources } from '@backstage/config-loader';
import { AesGcmSecretBox } from '../plugins/styrmin-backend/src/secrets/AesGcmSecretBox';
import { resealSecrets } from '../plugins/styrmin-backend/src/secrets/resealSecrets';

/** Log lines on stderr, which leaves stdout to the counts. */
const logger: LoggerService = {
  error: message => console.error(`error: ${message}`),
  warn: message => console.error(`warning: ${message}`),
  info: () => {},
  debug: () => {},
  child: () => logger,
};

async function main() {
  const config = await ConfigSources.toConfig(
    ConfigSources.default({ argv: process.argv.slice(2) }),
  );
  const box = AesGcmSecretBox.fromConfig(config, logger);
  const database = DatabaseManager.fromConfig(config).forPlugin('styrmin', {
    logger,
    lifecycle: { addStartupHook: () => {}, addShutdownHook: () => {} },
  });
  const knex = await database.getClient();
  try {
    const { resealed, skipped } = await resealSecrets({ knex, box, logger });
    for (const [column, count] of Object.entries(resealed)) {
      console.log(`${column}: ${count} resealed`);
    }
    console.log(
      `every secret value is sealed under key ${box.newestKeyId} (${skipped} written meanwhile)`,
    );
  } finally {
    await knex.destroy();
  }
}

// The database manager keeps a keep-alive timer: end once the reseal is done.
main().then(
  () => process.exit(0),
  error => {
    console.error(`reseal-secrets: ${error.message}`);
    process.exit(1);
  },
);
