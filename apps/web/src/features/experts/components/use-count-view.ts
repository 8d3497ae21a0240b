import { useEffect, useRef } from 'react';
import { countView } from '../queries.ts';

/** Counts one reading per visit of the page (the ref survives StrictMode's double effect). */
export function useCountView(kind: 'expert' | 'lottery', id: number): void {
  const counted = useRef(0);
  useEffect(() => {
    if (id <= 0 || counted.current === id) return;
    counted.current = id;
    countView(kind, id).catch(() => undefined);
  }, [kind, id]);
}
