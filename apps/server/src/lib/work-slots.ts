// CPU-heavy work (drawing images from SVG) at most `concurrency` pieces at once, with at most
// `maxWaiting` more waiting their turn; past that a caller is refused at once (its request
// answers 503) rather than queued for minutes.
export class WorkSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    /** The error a caller gets when the queue is full. */
    private readonly refusal: () => Error,
  ) {}

  /** `work` once a slot is free; throws `refusal()` when too many already wait. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.maxWaiting) throw this.refusal();
    // The slot is handed over by release(), so running never exceeds the concurrency.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
