'use client';

import { useEffect, useState } from 'react';

/**
 * The hero's background video, on larger screens only: the server renders just the poster image, and the
 * <video> element is added in the browser when the screen is wide and the visitor has not asked for
 * reduced motion or data saving. Phones never download a video byte.
 */
export function HeroVideo({
  label,
  poster,
  sources,
}: {
  label: string;
  poster: string;
  sources: readonly { src: string; type: string }[];
}) {
  const [play, setPlay] = useState(false);
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)');
    const still = window.matchMedia('(prefers-reduced-motion: reduce)');
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    const update = () => setPlay(wide.matches && !still.matches && !saveData);
    update();
    wide.addEventListener('change', update);
    still.addEventListener('change', update);
    return () => {
      wide.removeEventListener('change', update);
      still.removeEventListener('change', update);
    };
  }, []);
  if (!play) return null;
  return (
    <video
      className="absolute inset-0 size-full object-cover"
      autoPlay
      muted
      loop
      playsInline
      preload="auto"
      poster={poster}
      aria-label={label}
    >
      {sources.map((source) => (
        <source key={source.src} src={source.src} type={source.type} />
      ))}
    </video>
  );
}
