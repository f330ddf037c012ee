// The part of the `qrcode` package (no bundled types) that server/payments/payment-qr.ts uses.
declare module 'qrcode' {
  interface ToStringOptions {
    type: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  /** One segment in a mode the caller chose, which skips the package's segment search. */
  interface Segment {
    data: string;
    mode: 'byte';
  }
  const QRCode: { toString(text: string | Segment[], options: ToStringOptions): Promise<string> };
  export default QRCode;
}
