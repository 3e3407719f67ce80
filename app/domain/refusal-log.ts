// How the server's log tells of a client's refused request (400, 403, 405, 421, ...): one short
// line, no stack (a refusal is the client's doing, not a fault of ours), and at most
// `perMinute` lines a minute of each kind; past that, one line at the minute's end says how
// many more were left out. A client sending thousands of bad requests cannot fill the disk or
// bury the faults that do need reading. Pure: the clock, the timer and the writer are given.

export interface RefusalLogOptions {
  /** lines of one kind written per minute before the rest are only counted */
  perMinute?: number;
  write: (line: string) => void;
  now?: () => number;
  /** runs `run` after `ms` (setTimeout, unref'd, in the server) */
  later?: (run: () => void, ms: number) => void;
}

export interface RefusalLog {
  /** One refusal: `kind` groups it for the limit (its status), `line` is what is written. */
  note(kind: string, line: string): void;
}

const MINUTE_MS = 60_000;

interface Window {
  startedAt: number;
  written: number;
  leftOut: number;
}

export function createRefusalLog({ perMinute = 5, write, now = Date.now, later }: RefusalLogOptions): RefusalLog {
  const windows = new Map<string, Window>();

  function closeWindow(kind: string, window: Window) {
    if (windows.get(kind) !== window) return;
    windows.delete(kind);
    if (window.leftOut > 0) write(`refused ${kind}: ${window.leftOut} more in the last minute, not logged one by one`);
  }

  return {
    note(kind, line) {
      const at = now();
      let window = windows.get(kind);
      if (window && at - window.startedAt >= MINUTE_MS) {
        closeWindow(kind, window);
        window = undefined;
      }
      if (!window) {
        window = { startedAt: at, written: 0, leftOut: 0 };
        windows.set(kind, window);
      }
      if (window.written < perMinute) {
        window.written += 1;
        write(line);
        return;
      }
      window.leftOut += 1;
      // The first one left out asks for the summary at the window's end, even if no more come.
      if (window.leftOut === 1 && later) {
        const closing = window;
        later(() => closeWindow(kind, closing), Math.max(0, closing.startedAt + MINUTE_MS - at));
      }
    },
  };
}

/** A refusal's line: method, path (never the query: it may hold a token), status and why. */
export function refusalLine(method: string, pathname: string, status: number, why: string): string {
  const path = pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname;
  return `refused ${status} ${method} ${path}: ${why}`;
}
