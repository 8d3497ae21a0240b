import { DotLoading } from 'antd-mobile';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { logger } from '@/lib/logger.ts';

/** The address of this site without the page route: what a phone should open. */
export function siteUrl(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/** A QR code drawn on the device (no outside image service). */
export function SiteQrCode({ value, size = 168 }: { value: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    toDataURL(value, {
      margin: 1,
      width: size * 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#141414', light: '#ffffff' },
    })
      .then((url) => {
        if (!cancelled) setSrc(url);
      })
      .catch((err: unknown) => logger.error('download', '二维码生成失败', err));
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  return (
    <div className="qr-frame" style={{ width: size + 20, height: size + 20 }}>
      {src ? (
        <img src={src} width={size} height={size} alt={`扫码访问 ${value}`} data-testid="site-qrcode" />
      ) : (
        <DotLoading />
      )}
    </div>
  );
}
