import type { FamilyCode } from '@app/shared';
import { useNavigate } from 'react-router';
import { BetCard } from '../components/BetCard.tsx';
import { recordsPath } from '../model.ts';
import { useBetListQuery } from '../queries.ts';

/** The member's latest bets on this lottery, with the way to all records. */
export function MyBets({ code, family }: { code: string; family: FamilyCode | undefined }) {
  const navigate = useNavigate();
  const myBets = useBetListQuery('all', code, 5);
  const first = myBets.data?.pages[0];
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">我的投注</h3>
        <button type="button" className="lt-link" onClick={() => void navigate(recordsPath(code))}>
          全部记录
        </button>
      </div>
      <div className="stack" data-testid="my-bets">
        {(first?.list ?? []).map((bet) => (
          <BetCard key={bet.id} bet={bet} family={family ?? 'k3'} compact />
        ))}
        {first && first.list.length === 0 ? <div className="lt-empty-hint">本彩种暂无投注</div> : null}
        {myBets.error ? <div className="lt-empty-hint">{myBets.error.message}</div> : null}
      </div>
    </section>
  );
}
