import { amountInputProblem, type AmountInputRule } from '@app/shared/backoffice';
import type { Rule } from 'antd/es/form';

/** An amount field's rule: the field itself says what is wrong (负数, 超过两位小数, 过大 …). */
export function amountRules(rule: AmountInputRule = {}): Rule[] {
  return [
    {
      required: !rule.optional,
      validator: (_, value: unknown) => {
        const problem = amountInputProblem(value, rule);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}
