import type { UserWalletView } from '@app/shared';
import { ActionSheet, Button, Dialog, DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { Page } from '@/ui/Page.tsx';
import { WalletRow } from '../components/WalletRow.tsx';
import { useWalletActionMutation, useWalletsQuery } from '../queries.ts';
import '../finance.css';

/** Saved withdrawal destinations: edit, stop/start and delete each; add new ones. */
export default function WalletsPage() {
  const navigate = useNavigate();
  const wallets = useWalletsQuery();
  const action = useWalletActionMutation();
  const list = wallets.data?.list ?? [];

  const openActions = (wallet: UserWalletView) => {
    const handler = ActionSheet.show({
      actions: [
        { key: 'edit', text: '编辑' },
        { key: 'toggle', text: wallet.enabled ? '停用' : '启用' },
        { key: 'delete', text: '删除', danger: true },
      ],
      cancelText: '取消',
      onAction: (a) => {
        handler.close();
        if (a.key === 'edit') void navigate(`/financePages/wallet-edit?id=${wallet.id}`);
        else if (a.key === 'toggle')
          action.mutate(
            { id: wallet.id, action: 'toggle' },
            { onSuccess: () => toast.success(wallet.enabled ? '已停用' : '已启用') },
          );
        else
          void Dialog.confirm({
            title: '删除提现账户',
            content: `删除 ${wallet.bank_name ?? wallet.type_name} ${wallet.account_masked}？`,
            confirmText: '删除',
          }).then(
            (ok) =>
              ok &&
              action.mutate(
                { id: wallet.id, action: 'delete' },
                { onSuccess: () => toast.success('已删除') },
              ),
          );
      },
    });
  };

  return (
    <Page
      title="提现账户"
      footer={
        <Button block color="primary" onClick={() => void navigate('/financePages/wallet-edit')}>
          + 添加提现账户
        </Button>
      }
    >
      <PullToRefresh onRefresh={() => wallets.refetch()}>
        <div className="fin-body" data-testid="wallet-list">
          {wallets.isPending ? (
            <div className="page-loading">
              <DotLoading color="primary" />
            </div>
          ) : wallets.error ? (
            <ErrorBlock status="disconnected" title={wallets.error.message} description="下拉可重新加载" />
          ) : list.length === 0 ? (
            <ErrorBlock status="empty" title="还没有提现账户" description="添加银行卡或USDT地址后即可提现" />
          ) : (
            list.map((w) => (
              <WalletRow
                key={w.id}
                wallet={w}
                onClick={() => openActions(w)}
                extra={<MoreOutline fontSize={20} />}
              />
            ))
          )}
          <div className="hint">为保障资金安全，卡号与地址添加后仅显示前后四位。</div>
        </div>
      </PullToRefresh>
    </Page>
  );
}
