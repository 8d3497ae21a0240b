import {
  isEthereumAddress,
  isLuhnValid,
  isTronAddress,
  USER_WALLET_TYPE_KEYS,
  USER_WALLET_TYPES,
  type UserWalletType,
} from '@app/shared';
import { Button, DotLoading, Form, Input, Picker, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { useBack } from '@/ui/use-back.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useBanksQuery, useSaveWalletMutation, useWalletQuery } from '../queries.ts';
import '../finance.css';

interface WalletForm {
  bank_code?: string;
  holder_name?: string;
  account: string;
  alias?: string;
}

/** The client-side check the server repeats: Luhn for cards, the network's address format. */
function accountProblem(type: UserWalletType, account: string): string | null {
  if (type === 'bank') {
    const digits = account.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) return '银行卡号须为12-19位数字';
    return isLuhnValid(digits) ? null : '银行卡号校验失败，请检查后重新输入';
  }
  if (type === 'usdt_trc20') return isTronAddress(account) ? null : 'TRC20 地址须为T开头的34位有效地址';
  return isEthereumAddress(account) ? null : 'ERC20 地址须为0x开头的40位十六进制';
}

/** Add or edit a bank card or a USDT address (?id= edits; the number must be entered again). */
export default function WalletEditPage() {
  const id = Number(useUrlParam('id')) || 0;
  const navigate = useNavigate();
  const back = useBack();
  const existing = useWalletQuery(id);
  const banks = useBanksQuery();
  const save = useSaveWalletMutation();
  const [form] = Form.useForm<WalletForm>();
  const [type, setType] = useState<UserWalletType>('bank');
  const [bankOpen, setBankOpen] = useState(false);
  const bankCode = Form.useWatch('bank_code', form);

  useEffect(() => {
    const w = existing.data;
    if (!w) return;
    setType(w.type);
    form.setFieldsValue({
      bank_code: w.bank_code ?? undefined,
      holder_name: w.holder_name ?? undefined,
      alias: w.alias,
    });
  }, [existing.data, form]);

  if (id && existing.isPending)
    return (
      <Page title="编辑提现账户">
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      </Page>
    );

  const submit = (values: WalletForm) => {
    const account = values.account.trim();
    save.mutate(
      {
        id: id || null,
        body: {
          type,
          account,
          alias: values.alias ?? '',
          ...(type === 'bank' ? { bank_code: values.bank_code, holder_name: values.holder_name } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(id ? '修改成功' : '添加成功');
          if (window.history.length > 1) back();
          else void navigate('/financePages/wallets', { replace: true });
        },
      },
    );
  };

  return (
    <Page title={id ? '编辑提现账户' : '添加提现账户'}>
      <div className="fin-body">
        <Selector
          className="fin-selector"
          columns={3}
          value={[type]}
          onChange={(v) => v[0] && setType(v[0])}
          options={USER_WALLET_TYPE_KEYS.map((t) => ({ label: USER_WALLET_TYPES[t], value: t }))}
        />
        <Form
          form={form}
          layout="horizontal"
          onFinish={submit}
          footer={
            <Button block type="submit" color="primary" size="large" loading={save.isPending}>
              {id ? '保存' : '添加'}
            </Button>
          }
        >
          {type === 'bank' ? (
            <>
              <Form.Item
                name="bank_code"
                label="开户银行"
                rules={[{ required: true, message: '请选择开户银行' }]}
                onClick={() => setBankOpen(true)}
                arrow
              >
                <span className={bankCode ? undefined : 'muted'} data-testid="bank-picker">
                  {banks.data?.list.find((b) => b.code === bankCode)?.name ?? '请选择开户银行'}
                </span>
              </Form.Item>
              <Form.Item
                name="holder_name"
                label="持卡人"
                rules={[
                  { required: true, message: '请输入持卡人姓名' },
                  { pattern: /^[\u4e00-\u9fa5A-Za-z·. ]{2,30}$/, message: '持卡人姓名只能包含中文或字母' },
                ]}
              >
                <Input placeholder="与银行卡开户名一致" clearable />
              </Form.Item>
            </>
          ) : null}
          <Form.Item
            name="account"
            label={type === 'bank' ? '银行卡号' : '钱包地址'}
            rules={[
              { required: true, message: type === 'bank' ? '请输入银行卡号' : '请输入钱包地址' },
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = value ? accountProblem(type, value.trim()) : null;
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input
              placeholder={
                id && existing.data
                  ? `原账户 ${existing.data.account_masked}，请重新输入`
                  : type === 'bank'
                    ? '请输入银行卡号'
                    : type === 'usdt_trc20'
                      ? 'T开头的TRC20地址'
                      : '0x开头的ERC20地址'
              }
              inputMode={type === 'bank' ? 'numeric' : 'text'}
              clearable
            />
          </Form.Item>
          <Form.Item name="alias" label="备注">
            <Input placeholder="选填，如：工资卡" maxLength={20} clearable />
          </Form.Item>
        </Form>
        <div className="hint">
          添加后卡号与地址只显示前后四位。USDT 地址请确认网络正确，转错网络将无法找回。
        </div>
      </div>
      <Picker
        visible={bankOpen}
        onClose={() => setBankOpen(false)}
        columns={[(banks.data?.list ?? []).map((b) => ({ label: b.name, value: b.code }))]}
        value={bankCode ? [bankCode] : []}
        onConfirm={(v) => form.setFieldValue('bank_code', v[0] ?? undefined)}
      />
    </Page>
  );
}
