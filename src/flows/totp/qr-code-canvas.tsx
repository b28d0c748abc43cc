import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import './qr-code-canvas.css';

/** Spec section 9: error correction M, a margin of 4 modules, 4 pixels a module (shown at 140 px by CSS). */
const ERROR_CORRECTION = 'M';
const MARGIN = 4;
const SCALE = 4;

/**
 * The QR code of a value, drawn on a canvas with the 2D API: no inline style or script and no
 * `data:` image, which the portal's Content-Security-Policy would block. `qrcode` loads with this
 * route only.
 */
export function QrCodeCanvas({ value, label }: { readonly value: string; readonly label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const { modules } = QRCode.create(value, { errorCorrectionLevel: ERROR_CORRECTION });
    const side = (modules.size + 2 * MARGIN) * SCALE;
    canvas.width = side;
    canvas.height = side;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
    context.fillStyle = '#000000';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) context.fillRect((column + MARGIN) * SCALE, (row + MARGIN) * SCALE, SCALE, SCALE);
      }
    }
  }, [value]);

  return <canvas ref={canvasRef} className="qr-code-canvas" role="img" aria-label={label} data-testid="totp-qr-code" />;
}
