import { QrCode } from '@/ui/QrCode.tsx';

/** The address of this site without the page route: what a phone should open. */
export function siteUrl(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/** The site's address as a QR code. */
export function SiteQrCode({ value, size = 168 }: { value: string; size?: number }) {
  return <QrCode value={value} size={size} alt={`扫码访问 ${value}`} testId="site-qrcode" />;
}
