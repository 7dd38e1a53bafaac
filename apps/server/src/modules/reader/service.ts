// CONTRACT SKELETON (issue 13): the reader service is built by a helper; see the prompt.
import type { CatalogueEvents } from '../../lib/catalogue-events';
import type { MediaAddresses } from '../../lib/media-addresses';
import type { MediaStorage } from '../../lib/storage';
import type { ReaderRepository } from './repository';

export interface ReaderServiceDependencies {
  repository: ReaderRepository;
  storage: MediaStorage;
  addresses: MediaAddresses;
  catalogueChanges?: CatalogueEvents;
}

export function createReaderService(deps: ReaderServiceDependencies) {
  void deps;
  return {};
}

export type ReaderService = ReturnType<typeof createReaderService>;
