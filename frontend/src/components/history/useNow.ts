import { useEffect, useState } from "react";

/** The current time (ms), renewed every `everyMs`, so that "3 min ago" stays true on an open page. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
