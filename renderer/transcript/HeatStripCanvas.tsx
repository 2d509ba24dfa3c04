// One heat strip on a canvas: a cell per token, or per bucket of tokens when there are more tokens
// than pixels. Reports the bucket under the pointer; drawing cost is bounded by the width.
import { useEffect, useMemo, useRef, useState } from 'react';
import { bucketize, type Bucket } from './heat-scale';
import { heatStripCanvasClasses } from './heat-strip-canvas-styles';

const HEIGHT = 14;

type Props = {
  label: string;
  values: (number | null)[];
  color: (value: number | null) => string;
  /** Cells at most (one per pixel column); tokens beyond are aggregated. */
  maxCells: number;
  onHover: (bucket: Bucket | null) => void;
  testId: string;
};

export function HeatStripCanvas({ label, values, color, maxCells, onHover, testId }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const cells = Math.max(1, Math.min(maxCells, width || maxCells));
  const buckets = useMemo(() => bucketize(values, cells), [values, cells]);

  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    setWidth(Math.floor(element.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    if (element === null || width === 0 || buckets.length === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(HEIGHT * ratio);
    // jsdom has no 2D context; real browsers always do.
    const context = element.getContext('2d');
    if (context === null) return;
    context.scale(ratio, ratio);
    const cell = width / buckets.length;
    buckets.forEach((bucket, i) => {
      context.fillStyle = color(bucket.mean);
      // Cells overlap by a fraction of a pixel so no seams show between them.
      context.fillRect(i * cell, 0, cell + 0.5, HEIGHT);
    });
  }, [buckets, color, width]);

  const bucketAt = (clientX: number): Bucket | null => {
    const element = canvas.current;
    if (element === null || buckets.length === 0) return null;
    const rect = element.getBoundingClientRect();
    const x = (clientX - rect.left) / Math.max(1, rect.width);
    return (
      buckets[Math.min(buckets.length - 1, Math.max(0, Math.floor(x * buckets.length)))] ?? null
    );
  };

  return (
    <div className={heatStripCanvasClasses.strip}>
      <span className={heatStripCanvasClasses.label}>{label}</span>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label}: ${values.length} tokens`}
        data-testid={testId}
        data-cells={buckets.length}
        style={{ width: '100%', height: HEIGHT }}
        onMouseMove={(event) => onHover(bucketAt(event.clientX))}
        onMouseLeave={() => onHover(null)}
      />
    </div>
  );
}
