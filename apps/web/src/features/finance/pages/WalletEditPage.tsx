import { zodResolver } from '@hookform/resolvers/zod';
import {
  USER_WALLET_TYPE_KEYS,
  USER_WALLET_TYPES,
  userWalletInput,
  type UserWalletBody,
  type UserWalletType,
} from '@app/shared';
import { Button, DotLoading, Input, Picker, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.tsx';
import { FormField, FormLayout, formResolver, type RequiredFields } from '@/ui/form.tsx';
import { useBack } from '@/ui/use-back.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useBanksQuery, useSaveWalletMutation, useWalletQuery } from '../queries.ts';
import '../finance.css';

/** What the inputs hold: text, blank when empty (the type comes from the selector above the form). */
interface WalletFields {
  type: UserWalletType;
  bank_code: string;
  holder_name: string;
  account: string;
  alias: string;
}

/** Blank fields the form asks for, in the words of the wallet type. */
function requiredFor(values: WalletFields): RequiredFields<WalletFields> {
  return values.type === 'bank'
    ? { bank_code: '请选择开户银行', holder_name: '请输入持卡人姓名', account: '请输入银行卡号' }
    : { account: '请输入钱包地址' };
}

const resolver = formResolver(zodResolver(userWalletInput), requiredFor);

/** Add or edit a bank card or a USDT address (?id= edits; the number must be entered again). */
export default function WalletEditPage() {
  const id = Number(useUrlParam('id')) || 0;
  // Saved from a directly opened address: to the card list, not home.
  const back = useBack('/financePages/wallets');
  const existing = useWalletQuery(id);
  const banks = useBanksQuery();
  const save = useSaveWalletMutation();
  const form = useForm<WalletFields, unknown, UserWalletBody>({
    resolver,
    mode: 'onChange',
    defaultValues: { type: 'bank', bank_code: '', holder_name: '', account: '', alias: '' },
  });
  const [bankOpen, setBankOpen] = useState(false);
  const type = useWatch({ control: form.control, name: 'type' });
  const bankCode = useWatch({ control: form.control, name: 'bank_code' });

  useEffect(() => {
    const w = existing.data;
    if (!w) return;
    form.reset({
      type: w.type,
      bank_code: w.bank_code ?? '',
      holder_name: w.holder_name ?? '',
      account: '',
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

  const submit = (wallet: UserWalletBody) =>
    save.mutate(
      {
        id: id || null,
        // A card keeps its bank and holder; an address carries neither.
        body:
          wallet.type === 'bank'
            ? wallet
            : { type: wallet.type, account: wallet.account, alias: wallet.alias },
      },
      {
        onSuccess: () => {
          toast.success(id ? '修改成功' : '添加成功');
          back();
        },
      },
    );

  return (
    <Page title={id ? '编辑提现账户' : '添加提现账户'}>
      <div className="fin-body">
        <Selector
          className="fin-selector"
          columns={3}
          value={[type]}
          onChange={(v) => v[0] && form.setValue('type', v[0])}
          options={USER_WALLET_TYPE_KEYS.map((t) => ({ label: USER_WALLET_TYPES[t], value: t }))}
        />
        <FormLayout
          layout="horizontal"
          onSubmit={() => void form.handleSubmit(submit)()}
          footer={
            <Button block type="submit" color="primary" size="large" loading={save.isPending}>
              {id ? '保存' : '添加'}
            </Button>
          }
        >
          {type === 'bank' ? (
            <>
              <FormField
                control={form.control}
                name="bank_code"
                label="开户银行"
                required
                onClick={() => setBankOpen(true)}
                arrow
              >
                {() => (
                  <span className={bankCode ? undefined : 'muted'} data-testid="bank-picker">
                    {banks.data?.list.find((b) => b.code === bankCode)?.name ?? '请选择开户银行'}
                  </span>
                )}
              </FormField>
              <FormField control={form.control} name="holder_name" label="持卡人" required>
                {(field) => <Input {...field} placeholder="与银行卡开户名一致" clearable />}
              </FormField>
            </>
          ) : null}
          <FormField
            control={form.control}
            name="account"
            label={type === 'bank' ? '银行卡号' : '钱包地址'}
            required
          >
            {(field) => (
              <Input
                {...field}
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
            )}
          </FormField>
          <FormField control={form.control} name="alias" label="备注">
            {(field) => <Input {...field} placeholder="选填，如：工资卡" maxLength={20} clearable />}
          </FormField>
        </FormLayout>
        <div className="hint">
          添加后卡号与地址只显示前后四位。USDT 地址请确认网络正确，转错网络将无法找回。
        </div>
      </div>
      <Picker
        visible={bankOpen}
        onClose={() => setBankOpen(false)}
        columns={[(banks.data?.list ?? []).map((b) => ({ label: b.name, value: b.code }))]}
        value={bankCode ? [bankCode] : []}
        onConfirm={(v) =>
          form.setValue('bank_code', typeof v[0] === 'string' ? v[0] : '', {
            shouldValidate: true,
            shouldDirty: true,
          })
        }
      />
    </Page>
  );
}
