// CPU time used by this process (the bench and the embedded server) and by the browsers it launched, read from
// /proc: a figure that a busy machine stretches far less than wall-clock time, so a slow run on a loaded machine
// can be told from a change that costs more work.
import { readdirSync, readFileSync } from 'node:fs';

type Stat = { ppid: number; cpuMs: number };

function stat(pid: string): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12), in clock ticks (100 per second on Linux).
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return null;
  }
}

/** CPU milliseconds so far of one process (null when it is gone or /proc is not there). */
export const cpuOf = (pid: number): number | null => (process.platform === 'linux' ? (stat(String(pid))?.cpuMs ?? null) : null);

/** CPU milliseconds so far of this process (`self`) and of all its descendants still running (`children`). */
export function processCpu(): { self: number; children: number } | null {
  if (process.platform !== 'linux') return null;
  const all = new Map<number, Stat>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = stat(pid);
    if (s) all.set(Number(pid), s);
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all)
      if (!mine.has(pid) && mine.has(s.ppid)) {
        mine.add(pid);
        grew = true;
      }
  }
  let children = 0;
  for (const pid of mine) if (pid !== process.pid) children += all.get(pid)!.cpuMs;
  return { self: all.get(process.pid)?.cpuMs ?? 0, children };
}
