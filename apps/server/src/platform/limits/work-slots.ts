// CPU-heavy work (drawing images, converting uploads) shared fairly between the clients it is done
// for. At most `concurrency` pieces run at once and at most `maxWaiting` more wait their turn, as
// a plain bounded queue would; on top of that each client (an IP, a signed-in reader, an admin)
// holds only a share: at most `maxWaitingPerClient` waiting places, so one client never fills the
// queue, and a slot that frees goes to the waiting client holding the fewest slots, the one
// served longest ago among equals (round-robin). So a flooding client's backlog waits behind
// everyone else's next piece: another client waits for at most about one piece per active
// client, however long the flood. Alone, a client may use every slot (nothing is left idle for
// clients that are not there). A caller past its share, or finding the queue full, is refused at
// once (its request answers 503 with Retry-After) rather than queued for minutes. Per process:
// the CPU it shares is this instance's.

export interface WorkSlotsLimits {
  /** Pieces running at once, in all. */
  concurrency: number;
  /** Pieces waiting for a slot, in all. */
  maxWaiting: number;
  /** Pieces one client may have waiting: its share of the queue. */
  maxWaitingPerClient: number;
  /** Slots one client may hold at once; all of them unless told (while nobody else waits). */
  maxRunningPerClient?: number;
}

/** A place taken in the queue: a slot already, or a place waiting for one. */
export interface WorkTurn {
  /** Waits for the slot, runs `work` in it, and frees it whatever happens. Call it once, at once. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

interface Client {
  running: number;
  /** Starts of its waiting pieces, oldest first. */
  waiting: Array<() => void>;
  /** When it last started a piece (a sequence number): the lowest is served first among equals. */
  lastStart: number;
}

export class WorkSlots {
  private running = 0;
  private waiting = 0;
  private starts = 0;
  /** Clients with work running or waiting; those that have none are forgotten. */
  private readonly clients = new Map<string, Client>();
  private readonly maxRunningPerClient: number;

  constructor(
    private readonly limits: WorkSlotsLimits,
    /** The error a caller gets when refused (the 503 its route answers). */
    private readonly refusal: () => Error,
  ) {
    this.maxRunningPerClient = limits.maxRunningPerClient ?? limits.concurrency;
  }

  /** Pieces running now (for tests and metrics). */
  get runningCount(): number {
    return this.running;
  }

  /** Pieces waiting now (for tests and metrics). */
  get waitingCount(): number {
    return this.waiting;
  }

  /** `work` on behalf of `client` once it has a slot; rejects with `refusal()` past its share or a full queue. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return this.reserve(client).run(work);
  }

  /**
   * Takes a place for `client` at once, or throws `refusal()` synchronously: a caller that shares
   * the outcome with others (a drawing joined by later requests) knows before it publishes it.
   */
  reserve(client: string): WorkTurn {
    const state = this.clients.get(client) ?? { running: 0, waiting: [], lastStart: 0 };
    let started: Promise<void> | null = null;
    if (this.running < this.limits.concurrency && state.running < this.maxRunningPerClient) {
      this.clients.set(client, state);
      this.start(state);
    } else {
      if (this.waiting >= this.limits.maxWaiting || state.waiting.length >= this.limits.maxWaitingPerClient) {
        throw this.refusal();
      }
      this.clients.set(client, state);
      // The slot is handed over by release(), so running never exceeds the concurrency.
      started = new Promise<void>((resolve) => state.waiting.push(resolve));
      this.waiting++;
    }
    return {
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        if (started) await started;
        try {
          return await work();
        } finally {
          this.release(client, state);
        }
      },
    };
  }

  private start(state: Client): void {
    this.running++;
    state.running++;
    state.lastStart = ++this.starts;
  }

  private release(name: string, state: Client): void {
    this.running--;
    state.running--;
    const next = this.nextInTurn();
    if (next) {
      this.waiting--;
      this.start(next);
      next.waiting.shift()!();
    }
    if (state.running === 0 && state.waiting.length === 0) this.clients.delete(name);
  }

  /** The waiting client that may take a slot holding the fewest, served longest ago among equals. */
  private nextInTurn(): Client | null {
    let best: Client | null = null;
    for (const state of this.clients.values()) {
      if (state.waiting.length === 0 || state.running >= this.maxRunningPerClient) continue;
      if (!best || state.running < best.running || (state.running === best.running && state.lastStart < best.lastStart))
        best = state;
    }
    return best;
  }
}
