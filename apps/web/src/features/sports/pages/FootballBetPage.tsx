import { BetPage } from './BetPage.tsx';

/** betPages/football/index: 竞彩足球. */
export default function FootballBetPage() {
  return <BetPage sport="football" />;
}
