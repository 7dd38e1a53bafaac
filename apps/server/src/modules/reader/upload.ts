// CONTRACT SKELETON (issue 13): built by a helper; see the prompt.
import type { CatalogueEvents } from '../../lib/catalogue-events';
import type { MediaStorage } from '../../lib/storage';
import type { ReaderRepository } from './repository';

export interface PageUploadDependencies {
  repository: ReaderRepository;
  storage: MediaStorage;
  catalogueChanges?: CatalogueEvents;
}

export function createPageUploads(deps: PageUploadDependencies) {
  void deps;
  return {};
}

export type PageUploads = ReturnType<typeof createPageUploads>;
