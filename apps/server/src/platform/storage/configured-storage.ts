// The media storage the settings ask for: the S3-compatible bucket when one is configured (media
// shared by every instance), else the local disk under DATA_DIR/media (one machine).
import path from 'node:path';
import type { Config } from '../../config';
import type { MediaStorage } from './media-storage';
import { createDiskStorage } from './disk';

/** The AWS SDK (some 25 MB of memory) is loaded only by a shop that keeps its media in a bucket. */
export async function createConfiguredStorage(config: Config): Promise<MediaStorage> {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'media'));
  const { createS3Storage } = await import('./s3');
  return createS3Storage(config.s3);
}
