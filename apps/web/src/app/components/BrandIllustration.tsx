/** Decorative dashboard sketch for the sign-in panel, drawn in the brand colour (currentColor). */
export function BrandIllustration() {
  return (
    <svg className="mg-illustration" viewBox="0 0 440 300" role="presentation" aria-hidden focusable="false">
      <defs>
        <linearGradient id="mg-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="currentColor" stopOpacity=".28" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="20" y="24" width="320" height="220" rx="18" fill="#fff" stroke="rgba(15,23,42,.08)" />
      <rect x="44" y="48" width="96" height="10" rx="5" fill="rgba(15,23,42,.14)" />
      <rect x="44" y="68" width="150" height="18" rx="6" fill="rgba(15,23,42,.82)" />
      <rect x="262" y="48" width="54" height="22" rx="11" fill="currentColor" opacity=".14" />
      <rect x="272" y="56" width="34" height="6" rx="3" fill="currentColor" />
      <path d="M44 190 C80 176 96 150 130 156 S182 186 214 160 S262 108 316 112 L316 214 L44 214 Z" fill="url(#mg-area)" />
      <path d="M44 190 C80 176 96 150 130 156 S182 186 214 160 S262 108 316 112" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="316" cy="112" r="6" fill="#fff" stroke="currentColor" strokeWidth="3" />
      <g opacity=".5">
        <rect x="44" y="226" width="40" height="6" rx="3" fill="rgba(15,23,42,.18)" />
        <rect x="112" y="226" width="40" height="6" rx="3" fill="rgba(15,23,42,.18)" />
        <rect x="180" y="226" width="40" height="6" rx="3" fill="rgba(15,23,42,.18)" />
        <rect x="248" y="226" width="40" height="6" rx="3" fill="rgba(15,23,42,.18)" />
      </g>
      <g transform="translate(250 176)">
        <rect width="170" height="92" rx="16" fill="#fff" stroke="rgba(15,23,42,.08)" />
        <circle cx="30" cy="30" r="14" fill="currentColor" opacity=".14" />
        <path d="m23.5 30 4.5 4.5 9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="54" y="20" width="84" height="8" rx="4" fill="rgba(15,23,42,.72)" />
        <rect x="54" y="34" width="56" height="7" rx="3.5" fill="rgba(15,23,42,.2)" />
        <rect x="20" y="60" width="130" height="8" rx="4" fill="rgba(15,23,42,.08)" />
        <rect x="20" y="60" width="92" height="8" rx="4" fill="currentColor" opacity=".55" />
      </g>
      <g transform="translate(336 36)">
        <rect width="88" height="56" rx="14" fill="currentColor" />
        <rect x="14" y="14" width="20" height="14" rx="3" fill="#fff" opacity=".75" />
        <rect x="14" y="36" width="60" height="6" rx="3" fill="#fff" opacity=".55" />
      </g>
    </svg>
  );
}
