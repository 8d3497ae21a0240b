/** Calls `onSeventh` on the seventh tap within three seconds (developer mode's switch). */
export function tapCounter(onSeventh: () => void, now: () => number = Date.now) {
  let taps: number[] = [];
  return () => {
    const at = now();
    taps = [...taps.filter((t) => at - t < 3_000), at];
    if (taps.length >= 7) {
      taps = [];
      onSeventh();
    }
  };
}
