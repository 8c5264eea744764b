// The store a release command talks to, from its configuration (RELEASE_STORE, site-server's
// releaseState.ts: fails closed): the folder DEPLOY_DIR by default, or PostgreSQL and S3.
import { storeConfig } from '@site/site-server/release-state';
import { deployBaseUrl, deployDir } from '@site/site-server/runtime-config';
import { FolderStore } from './folderStore';
import { PgS3Store } from './pgS3Store';
import type { Store } from './store';

export function openStore(env: Record<string, string | undefined>): Store {
  const config = storeConfig(env);
  if (config.kind === 'folder') return new FolderStore(deployDir(env), deployBaseUrl(env));
  return new PgS3Store({ databaseUrl: config.databaseUrl, schema: config.schema, s3: config.s3!, baseUrl: deployBaseUrl(env) });
}
