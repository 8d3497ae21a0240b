import { colourOf, openCodeNumbers, type FamilyCode } from '@app/shared';

/** Pips of a die face on a 3×3 grid (cells 0–8). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

function Die({ value }: { value: number }) {
  return (
    <span className="lt-die" aria-label={String(value)} data-value={value}>
      {Array.from({ length: 9 }, (_, cell) => (
        <i key={cell} className={PIPS[value]?.includes(cell) ? 'on' : undefined} />
      ))}
    </span>
  );
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function parse(family: FamilyCode, code: string): readonly number[] | null {
  try {
    return openCodeNumbers(family, code);
  } catch {
    return null;
  }
}

/** An open code drawn as the family shows it: dice, racing cars, balls, 六合彩 colours with 特码. */
export function OpenCode({
  family,
  code,
  size = 'md',
  className,
}: {
  family: FamilyCode;
  code: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const numbers = code ? parse(family, code) : null;
  const classes = `lt-code lt-code-${family} lt-code-${size}${className ? ` ${className}` : ''}`;
  if (!numbers) return <span className={`${classes} lt-code-empty`}>等待开奖</span>;
  return (
    <span className={classes} data-testid="open-code" data-code={code ?? ''}>
      {numbers.map((n, i) => {
        switch (family) {
          case 'k3':
            return <Die key={i} value={n} />;
          case 'pk10':
            return (
              <span key={i} className={`lt-car lt-car-${n}`}>
                {pad2(n)}
              </span>
            );
          case 'lhc':
            return (
              <span key={i} className="lt-lhc-slot">
                {i === 6 ? <b className="lt-plus">+</b> : null}
                <span className={`lt-ball lt-wave-${colourOf(n)}`}>{pad2(n)}</span>
              </span>
            );
          case '11x5':
            return (
              <span key={i} className="lt-ball lt-ball-red">
                {pad2(n)}
              </span>
            );
          case 'ssc':
            return (
              <span key={i} className="lt-ball">
                {n}
              </span>
            );
        }
      })}
    </span>
  );
}
