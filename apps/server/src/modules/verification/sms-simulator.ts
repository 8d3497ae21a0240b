import type { FastifyBaseLogger } from 'fastify';
import { newToken } from '../../lib/crypto.ts';
import type { SmsMessage, SmsSender, SmsSendResult } from './sms-sender.ts';

/**
 * SMS_PROVIDER=simulator, the demo's default: nothing reaches a phone. The code goes to the
 * development log, and the console's 短信记录 shows it (showsCodes), so a tester can use it.
 */
export class SimulatedSms implements SmsSender {
  readonly name = 'simulator';
  readonly showsCodes = true;

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    this.log.info(
      { phone: message.phone, purpose: message.purpose, code: message.code },
      `模拟短信：验证码 ${message.code}，${message.validMinutes}分钟内有效（未发送到手机）`,
    );
    return { providerMessageId: `sim-${newToken().slice(0, 16)}`, detail: 'OK 模拟发送' };
  }
}
