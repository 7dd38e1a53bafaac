// The media storage the settings ask for: the S3-compatible bucket when one is configured (media
// shared by every instance), else the local disk under DATA_DIR/media (one machine).
import path from 'node:path';
import type { Config } from '../../config';
import type { MediaStorage } from './media-storage';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';

export function createConfiguredStorage(config: Config): MediaStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'media'));
}
