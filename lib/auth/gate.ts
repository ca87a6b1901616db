/**
 * Bounds work that costs a lot per call (a password hash takes ~50 ms of CPU and 16 MB):
 * at most `active` run at once in this process and `waiting` more queue behind them;
 * beyond that a call is refused at once instead of piling up.
 */
export class GateFull extends Error {
  constructor() {
    super("Too many requests at once");
    this.name = "GateFull";
  }
}

export function createGate(active: number, waiting: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    running--;
    queue.shift()?.();
  };
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= active) {
      if (queue.length >= waiting) throw new GateFull();
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    running++;
    try {
      return await work();
    } finally {
      release();
    }
  };
}
