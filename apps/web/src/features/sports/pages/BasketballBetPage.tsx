import { BetPage } from './BetPage.tsx';

/** betPages/basketball/index: 竞彩篮球. */
export default function BasketballBetPage() {
  return <BetPage sport="basketball" />;
}
