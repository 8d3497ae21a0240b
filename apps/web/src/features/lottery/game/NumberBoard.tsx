import type { LotteryPlayView } from '@app/shared';
import type { Dispatch } from 'react';
import { NumberPicker } from '../components/NumberPicker.tsx';
import type { PickState } from '../model.ts';
import type { SlipAction } from './slip-state.ts';

/** The number board of the chosen play, and what the shared rules say about the picks so far. */
export function NumberBoard({
  play,
  picks,
  message,
  dispatch,
}: {
  play: LotteryPlayView;
  picks: PickState;
  message: string | null;
  dispatch: Dispatch<SlipAction>;
}) {
  return (
    <>
      <div className="lt-picker" data-testid="number-picker" data-play={play.code}>
        <NumberPicker
          play={play}
          picks={picks}
          onChange={(next) => dispatch({ type: 'picks', picks: next })}
        />
      </div>
      {message ? <div className="lt-picker-message">{message}</div> : null}
    </>
  );
}
