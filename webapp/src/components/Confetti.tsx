/**
 * A short burst of confetti (SPEC §9: 100 particles for 3 s), skipped with reduced motion. It is
 * drawn over the whole window from `document.body`: inside a toast, the toaster's `transform`
 * would make it the containing block of `position: fixed` and clip the burst to the toast.
 */
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { CONFETTI } from '../config/constants';
import { usePrefersReducedMotion } from '../lib/hooks';
import './Confetti.css';

const COLORS = ['#e53935', '#fdd835', '#43a047', '#1e88e5', '#8e24aa', '#fb8c00'];

export function Confetti({ onDone }: { onDone?: () => void }) {
  const reduced = usePrefersReducedMotion();
  const [visible, setVisible] = useState(true);
  const particles = useMemo(
    () =>
      Array.from({ length: CONFETTI.particles }, (_, i) => ({
        left: `${(i * 37) % 100}%`,
        delay: `${(i % 20) * 40}ms`,
        duration: `${1800 + ((i * 53) % 1100)}ms`,
        color: COLORS[i % COLORS.length],
        rotate: `${(i * 47) % 360}deg`,
      })),
    [],
  );
  useEffect(() => {
    const t = setTimeout(() => {
      setVisible(false);
      onDone?.();
    }, CONFETTI.durationMs);
    return () => clearTimeout(t);
  }, [onDone]);
  if (reduced || !visible) return null;
  return createPortal(
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {particles.map((p, i) => (
        <span
          key={i}
          className="confetti__piece"
          style={{ left: p.left, background: p.color, animationDelay: p.delay, animationDuration: p.duration, rotate: p.rotate }}
        />
      ))}
    </div>,
    document.body,
  );
}
