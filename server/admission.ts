// How page renders take turns in one worker (docs/decisions/016). A render is mostly one
// stretch of synchronous work (the loaders on SQLite, then React), and Node runs every request
// that arrived in a turn of its event loop before it looks for new connections again: under a
// crowd one turn ran 20 renders (half a second), Node took one new connection per turn, and the
// bench's last connections waited 7-9 s in the kernel while the median page took 0.5 s.
// Here renders start one per turn, in arrival order, so new connections and requests are read
// between renders and the slowest answer stays near the typical one. A render that waits (on
// the thread pool, on another server) holds nothing back: the next one starts in the next turn.

export class QueueFullError extends Error {
  constructor() {
    super("too many requests waiting");
  }
}

export interface Admission {
  /** Runs `work` in a later turn, after everyone who asked before; rejects with QueueFullError when too many wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly waiting: number;
}

/** One piece of work started per turn of the event loop, in arrival order; at most `maxWaiting` waiting. */
export function createAdmission(maxWaiting: number): Admission {
  const queue: (() => void)[] = [];
  let scheduled = false;

  const startNext = () => {
    scheduled = false;
    // Its work runs right after this callback, before Node's next look at the sockets.
    queue.shift()?.();
    if (queue.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startNext);
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (queue.length >= maxWaiting) throw new QueueFullError();
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        schedule();
      });
      return work();
    },
    get waiting() {
      return queue.length;
    },
  };
}
