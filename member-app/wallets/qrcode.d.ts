// The part of the qrcode package we use (it ships no types): the encoder core, without the
// canvas and file renderers that the package's main entry pulls in.
declare module 'qrcode/lib/core/qrcode.js' {
  interface BitMatrix {
    size: number;
    get(row: number, col: number): boolean | number;
  }
  const qrcode: {
    create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: BitMatrix; version: number };
  };
  export default qrcode;
}
