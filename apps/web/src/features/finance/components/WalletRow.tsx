import type { UserWalletView } from '@app/shared';
import { BankcardOutline, CheckCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** A saved wallet as a selectable row: bank or network, masked number, holder. */
export function WalletRow({
  wallet,
  selected,
  onClick,
  extra,
}: {
  wallet: UserWalletView;
  selected?: boolean;
  onClick?: () => void;
  extra?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={wallet.enabled ? 'fin-wallet' : 'fin-wallet fin-wallet-off'}
      aria-pressed={Boolean(selected)}
      onClick={onClick}
      data-testid="wallet-row"
    >
      <BankcardOutline fontSize={24} color="var(--gold)" />
      <span className="fin-wallet-body">
        <span>
          {wallet.bank_name ?? wallet.type_name}
          {wallet.alias ? <span className="muted"> · {wallet.alias}</span> : null}
          {wallet.enabled ? null : <span className="muted"> · 已停用</span>}
        </span>
        <span className="mono muted">{wallet.account_masked}</span>
        {wallet.holder_name ? <span className="hint">{wallet.holder_name}</span> : null}
      </span>
      {extra ?? (selected ? <CheckCircleFill color="var(--gold)" fontSize={20} /> : null)}
    </button>
  );
}
