import type { PendingCounts } from '@app/shared/backoffice';
import { createContext, useContext } from 'react';

/** The live pending counts (null until the first answer). */
export const PendingContext = createContext<PendingCounts | null>(null);
export const usePending = () => useContext(PendingContext);
