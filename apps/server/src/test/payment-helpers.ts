/**
 * The payments module's test helpers (money in, a saved card or address, the main balance) for
 * other modules' tests, so those reach the payments module through test infrastructure.
 */
export {
  addWallet,
  deposit,
  mainBalance,
  setPaymentPassword,
  uniqueTrc20,
} from '../modules/payments/testing.ts';
