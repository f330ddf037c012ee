// The part of the `qrcode` package (no bundled types) that server/payments/payment-qr.ts uses.
declare module 'qrcode' {
  interface ToStringOptions {
    type: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  const QRCode: { toString(text: string, options: ToStringOptions): Promise<string> };
  export default QRCode;
}
