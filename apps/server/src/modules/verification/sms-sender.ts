/**
 * The outside system that delivers text messages (SMS_PROVIDER). The verification module makes
 * the codes, limits the sends and keeps the record (短信记录); a sender only delivers one message.
 */

/** Why a code is sent: each purpose has its own codes (a code for one cannot serve another). */
export const SMS_PURPOSES = [
  'register',
  'reset_password',
  'bind_phone',
  'change_phone_old',
  'change_phone_new',
  'reset_payment_password',
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export interface SmsMessage {
  /** Mainland China mobile number, 11 digits (1[3-9]xxxxxxxxx), no country code. */
  phone: string;
  /** The 6-digit code, the template's only variable (`code`). */
  code: string;
  purpose: SmsPurpose;
  /** How long the code stays valid, for templates that say so. */
  validMinutes: number;
}

export interface SmsSendResult {
  /** The provider's id for the message (Aliyun BizId, Tencent SerialNo), when it gives one. */
  providerMessageId: string | null;
  /** The provider's answer in brief (its code and message), kept in the send record. */
  detail: string;
}

/** The provider refused the message or could not be reached; `detail` is kept in the record. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    /** A refusal that another try cannot fix (bad number, template not approved, out of balance). */
    readonly permanent: boolean = false,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsSender {
  /** The SMS_PROVIDER name, kept in each send record. */
  readonly name: string;
  /**
   * Whether the console may show the code it sent (the simulator, where nothing reaches a phone).
   * A real provider's codes are never shown to operators: seeing one would let an insider reset
   * a member's password.
   */
  readonly showsCodes: boolean;
  /** Delivers one message; throws SmsSendError when the provider refuses it or does not answer. */
  send(message: SmsMessage): Promise<SmsSendResult>;
}
