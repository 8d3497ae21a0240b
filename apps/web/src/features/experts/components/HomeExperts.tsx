import { useNavigate } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { useAppConfigQuery } from '../../site/queries.ts';
import { usePickedExpertArticlesQuery } from '../picks.ts';
import { ExpertArticleCard } from './ExpertCards.tsx';
import '../experts.css';

/** 专家推荐 on the home page: the latest recommended picks (nav_expert_enabled). */
export function HomeExperts() {
  const navigate = useNavigate();
  const { data: config } = useAppConfigQuery();
  const enabled = config?.nav_expert_enabled !== false && hasRoute('/expertPages/ExpertList');
  const { data } = usePickedExpertArticlesQuery('recommended', 3, false, enabled);
  if (!enabled || !data || data.length === 0) return null;
  return (
    <section className="section home-experts" data-testid="home-experts">
      <div className="section-head">
        <h3 className="section-title">专家推荐</h3>
        <button type="button" className="nav-link" onClick={() => void navigate('/expertPages/ExpertList')}>
          更多专家
        </button>
      </div>
      <div className="article-list">
        {data.map((a) => (
          <ExpertArticleCard key={a.id} article={a} />
        ))}
      </div>
    </section>
  );
}
