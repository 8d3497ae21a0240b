/** The verification module's face: SMS codes (made, sent, limited, checked) and the SMS provider's interface. */
export { SimulatedSms } from './sms-simulator.ts';
export { SMS_PURPOSES, SmsSendError } from './sms-sender.ts';
export type { SmsMessage, SmsPurpose, SmsSender, SmsSendResult } from './sms-sender.ts';
export { VerificationService, SMS_CODE_DIGITS } from './verification.service.ts';
export type { CheckedCode, CodeRequest, SentCode } from './verification.service.ts';
export { verificationConfig } from './verification.config.ts';
export { verificationAdminRoutes } from './admin.routes.ts';
