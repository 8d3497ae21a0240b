import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { QrCode } from '@/ui/QrCode.tsx';
import { financeKeys } from '../queries.ts';

/**
 * USDT-TRC20 to the member's own address (USDT_DEPOSITS=trongrid): the address and its QR, the
 * minimum and the rate. Nothing to type: a confirmed transfer is credited by itself, and the
 * balance and 充值记录 move when it is (the wallet's live push and the deposit message).
 */
export function OwnAddressPanel() {
  const address = useQuery({
    queryKey: [...financeKeys.all, 'own-usdt-address'],
    queryFn: ({ signal }) => api.get('/v1/payment-orders/usdt-address', undefined, { light: true, signal }),
  });
  const copy = async (text: string) => {
    if (await copyText(text)) toast.success('已复制');
    else toast.error('复制失败，请长按手动复制');
  };
  if (address.isPending)
    return (
      <div className="card page-loading">
        <DotLoading color="primary" />
      </div>
    );
  if (address.error)
    return <ErrorBlock status="disconnected" title={address.error.message} description="请稍后再试" />;
  const { network, min_amount: min, rate } = address.data;
  return (
    <div className="card fin-usdt" data-testid="own-address-panel">
      <div className="fin-title">我的 USDT-{network} 专属充值地址</div>
      <QrCode
        value={address.data.address}
        alt={`${network} 专属充值地址二维码`}
        testId="own-address-qrcode"
      />
      <div className="fin-address">
        <span className="mono" data-testid="own-address">
          {address.data.address}
        </span>
        <Button size="mini" onClick={() => void copy(address.data.address)}>
          复制
        </Button>
      </div>
      <div className="fin-row" style={{ width: '100%' }}>
        <span>当前汇率</span>
        <span data-testid="own-address-rate">1 USDT = {rate} 元</span>
      </div>
      <div className="fin-row" style={{ width: '100%' }}>
        <span>最低充值</span>
        <span className="gold-text">{min.replace(/\.00$/, '')} USDT</span>
      </div>
      <div className="hint">
        向此地址转入 USDT-{network}，区块确认后自动到账，无需提交订单或交易哈希；到账金额按到账时的汇率计算。
        只支持 USDT-{network}，转错网络或币种将无法找回；低于最低充值的转账不会入账。
      </div>
    </div>
  );
}
