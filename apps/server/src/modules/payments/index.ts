/** The payments module's face: what other modules and the composition root may use. */
export { paymentsAdminRoutes } from './admin.routes.ts';
export { DepositQueueService } from './admin.service.ts';
export { ChainDepositsService } from './chain-deposits.service.ts';
export type { ChainIgnored, ChainPaymentVerdict, ChainTransfer, UsdtChain } from './chain.ts';
export { SOLIDIFIED_CONFIRMATIONS } from './chain.ts';
export { FinanceSettingsService } from './finance-settings.service.ts';
export { gatewaySimRoutes } from './gateway-sim.routes.ts';
export { SimulatedGateway } from './gateway-simulator.ts';
export type {
  GatewayMethod,
  GatewayNotice,
  GatewayPaymentOpened,
  GatewayPaymentRequest,
  GatewayPaymentState,
  PaymentGateway,
} from './gateway.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { openDepositsOf } from './payments.repo.ts';
export { createPayments } from './payments.module.ts';
