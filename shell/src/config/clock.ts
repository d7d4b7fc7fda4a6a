import { useEffect, useState } from 'react';

/** Current Unix time in seconds, re-rendering every `intervalMs` (fake timers drive it in tests). */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
