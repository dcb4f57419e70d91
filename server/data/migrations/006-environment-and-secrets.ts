import { sql } from 'kysely';
import { storedPluginSecret } from '../secrets.ts';
import type { Migration } from './types.ts';

export const migration: Migration = {
  version: '006_environment_and_secrets',
  sql: (t) => `-- Settings of the service that live with its data: the environment (sandbox
-- or production) the first start recorded (server/data/environment.ts).
CREATE TABLE service_settings (
  name ${t.text} PRIMARY KEY,
  value ${t.text} NOT NULL
);

-- Plugin secrets are no longer kept as they are: a SHA-256 to check the ones
-- plugins present, and a copy sealed under SECRETS_KEY to send to the plugin
-- (server/data/secrets.ts). The data step fills both from the plain column,
-- then drops it. An empty hash matches no secret.
ALTER TABLE plugins ADD COLUMN secret_hash ${t.text} NOT NULL DEFAULT '';
ALTER TABLE plugins ADD COLUMN secret_sealed ${t.text} NOT NULL DEFAULT ''`,
  async data(tx, { sealingKey }) {
    const { rows } = await sql<{
      client_id: string;
      client_secret: string;
    }>`SELECT client_id, client_secret FROM plugins`.execute(tx);
    for (const row of rows) {
      await tx
        .updateTable('plugins')
        .set(storedPluginSecret(row.client_id, row.client_secret, sealingKey))
        .where('client_id', '=', row.client_id)
        .execute();
    }
    await sql`ALTER TABLE plugins DROP COLUMN client_secret`.execute(tx);
  },
};
