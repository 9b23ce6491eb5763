/** Decorative mining-rack illustration for the home hero (inline SVG: no network needed). */
export function HeroGraphic({ className = '' }: { className?: string }) {
  const rigs = [0, 1, 2, 3, 4, 5];
  return (
    <svg viewBox="0 0 420 360" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f5b524" stopOpacity="0.45" />
          <stop offset="1" stopColor="#f5b524" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect
        x="1"
        y="1"
        width="418"
        height="358"
        rx="20"
        fill="rgba(255,255,255,0.04)"
        stroke="rgba(255,255,255,0.14)"
      />
      {rigs.map((i) => {
        const x = 24 + (i % 3) * 128;
        const y = 24 + Math.floor(i / 3) * 92;
        return (
          <g key={i} transform={`translate(${x} ${y})`}>
            <rect width="116" height="80" rx="12" fill="rgba(255,255,255,0.06)" stroke="rgba(255,255,255,0.12)" />
            <circle cx="40" cy="40" r="22" fill="none" stroke="rgba(148,163,184,0.55)" strokeWidth="2" />
            <path d="M40 18v44M18 40h44M25 25l30 30M55 25L25 55" stroke="rgba(148,163,184,0.35)" strokeWidth="2" />
            <rect x="76" y="20" width="28" height="5" rx="2.5" fill="rgba(255,255,255,0.2)" />
            <rect x="76" y="32" width="20" height="5" rx="2.5" fill="rgba(255,255,255,0.14)" />
            <circle cx="100" cy="64" r="4" fill={i === 4 ? '#38bdf8' : '#f5b524'} />
          </g>
        );
      })}
      <path
        d="M24 330 L84 316 L140 320 L196 296 L252 300 L308 270 L364 258 L396 232 L396 340 L24 340 Z"
        fill="url(#hero-area)"
      />
      <path
        d="M24 330 L84 316 L140 320 L196 296 L252 300 L308 270 L364 258 L396 232"
        fill="none"
        stroke="#f5b524"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
