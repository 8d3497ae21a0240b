import { DotLoading } from 'antd-mobile';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { logger } from '@/lib/logger.ts';
import './qr-code.css';

/** A QR code drawn on the device (no outside image service). */
export function QrCode({
  value,
  size = 168,
  alt,
  testId,
}: {
  value: string;
  size?: number;
  alt: string;
  testId?: string;
}) {
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
      .catch((err: unknown) => logger.error('qrcode', '二维码生成失败', err));
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  return (
    <div className="qr-frame" style={{ width: size + 20, height: size + 20 }}>
      {src ? <img src={src} width={size} height={size} alt={alt} data-testid={testId} /> : <DotLoading />}
    </div>
  );
}
