export * from './cards.ts';
export * from './rates.ts';
export * from './fees.ts';
export * from './methods.ts';
