import { FireFill, GiftOutline, PlayOutline, StarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { BasketballIcon, FootballIcon } from './sport-icons.tsx';

/** Icons for the `icon` names of the game categories the server sends. */
export const CATEGORY_ICONS: Record<string, ReactNode> = {
  football: <FootballIcon />,
  basketball: <BasketballIcon />,
  live: <PlayOutline />,
  lottery: <GiftOutline />,
  slots: <FireFill />,
  expert: <StarOutline />,
  default: <StarOutline />,
};
