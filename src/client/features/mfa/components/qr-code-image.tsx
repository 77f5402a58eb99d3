import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { toast } from '@/client/hooks/use-toast.ts';

/** Spec section 9: 192 px in set-up (200 by default), margin 2, black on white. */
const QR_CODE_DEFAULT_SIZE = 200;
export const QR_CODE_SETUP_SIZE = 192;

/**
 * Draws the QR code in the browser as a data: URL (the CSP allows data: images), so the
 * otpauth URI never travels to a third-party image service.
 */
export function QrCodeImage({ value, size = QR_CODE_DEFAULT_SIZE, alt = 'QR code to scan with your authenticator app' }: { value: string; size?: number; alt?: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    if (!value) {
      toast({ title: 'Failed to generate QR code', description: 'No data provided', variant: 'destructive' });
      return;
    }
    QRCode.toDataURL(value, { width: size, margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => {
        if (!cancelled) setDataUrl(url);
      })
      .catch(() => {
        if (!cancelled) toast({ title: 'Failed to generate QR code', variant: 'destructive' });
      });
    return () => {
      cancelled = true;
    };
  }, [value, size]);

  if (!dataUrl) {
    return <div role="status" aria-label="Generating QR code" className="animate-pulse rounded bg-slate-100" style={{ width: size, height: size }} />;
  }
  return <img src={dataUrl} width={size} height={size} alt={alt} data-testid="totp-qr-code" className="rounded border border-slate-200" />;
}
