import type { Sport } from '@app/shared';
import { BasketballIcon, FootballIcon } from '../../home/components/sport-icons.tsx';
import { SPORT_NAMES } from '../model.ts';

const SPORTS: Sport[] = ['football', 'basketball'];

/** 足球 / 篮球 switch. */
export function SportSwitch({ value, onChange }: { value: Sport; onChange: (sport: Sport) => void }) {
  return (
    <div className="sport-switch" role="tablist" aria-label="运动项目">
      {SPORTS.map((sport) => (
        <button
          key={sport}
          type="button"
          role="tab"
          aria-selected={value === sport}
          className={value === sport ? 'sport-switch-item active' : 'sport-switch-item'}
          onClick={() => onChange(sport)}
        >
          {sport === 'football' ? <FootballIcon /> : <BasketballIcon />}
          {SPORT_NAMES[sport]}
        </button>
      ))}
    </div>
  );
}
