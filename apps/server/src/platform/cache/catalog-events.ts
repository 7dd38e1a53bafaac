// "The catalogue changed": every catalogue write (a new comic, an admin's edit) publishes one event
// after its transaction committed, and every cache holding catalogue data (the catalogue's answers,
// cover art, carts, favourites) subscribes and drops what the change made stale, so the change
// shows on the public pages at once. An interface with an in-process implementation: with several
// app instances, an implementation over Redis pub/sub or PostgreSQL LISTEN/NOTIFY publishes each
// event to the others too and delivers theirs to the local subscribers. Events are plain JSON for
// that reason. Subscribers drop their own process's entries only (never re-publish), so an event
// forwarded between instances does not echo.

/** What changed: a new volume with its issues, a volume's own fields, a new issue of a volume, or one issue's fields. */
export type CatalogChangeKind = 'volume_created' | 'volume_updated' | 'issue_created' | 'issue_updated';

export interface CatalogChange {
  kind: CatalogChangeKind;
  volumeId: number;
  /** The new or edited issue (issue_created, issue_updated). */
  issueId?: number;
  /**
   * Names of the fields whose value changed: a volume's (name, deck, description, image,
   * publisher) or an issue's (name, description, price); empty for volume_created and issue_created.
   */
  fields: readonly string[];
  /**
   * Whether issues as other screens show them (cart lines, favourites) changed: every issue edit,
   * a volume's new name (their series), and a volume edit whose new cover its issues share.
   */
  issuesChanged: boolean;
}

export type CatalogChangeListener = (change: CatalogChange) => void;

export interface CatalogEvents {
  /** After a committed catalogue write: tells every subscriber (on every instance). */
  publish(change: CatalogChange): void;
  /** Told every change, synchronously; answers the unsubscribe. */
  subscribe(listener: CatalogChangeListener): () => void;
}

export interface InProcessCatalogEventsOptions {
  /**
   * Told a subscriber's failure. The write has committed by the time an event is published, so
   * one cache failing to drop its entries must neither stop the others nor fail the request.
   */
  onListenerError?: (error: unknown, change: CatalogChange) => void;
}

/** The single-instance bus: subscribers in this process, called in the order they subscribed. */
export function createInProcessCatalogEvents(options: InProcessCatalogEventsOptions = {}): CatalogEvents {
  const listeners = new Set<CatalogChangeListener>();
  return {
    publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          options.onListenerError?.(error, change);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
