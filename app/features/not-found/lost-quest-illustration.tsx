/** A paused video card with a question badge: decorative, so hidden from assistive technology. */
export function LostQuestIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 240 168" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="lost-quest-brand" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
        <linearGradient id="lost-quest-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ede9fe" />
          <stop offset="1" stopColor="#fce7f3" />
        </linearGradient>
      </defs>
      <rect x="22" y="18" width="196" height="132" rx="20" fill="#fff" stroke="#ddd6fe" strokeWidth="2" />
      <rect x="34" y="30" width="172" height="86" rx="12" fill="url(#lost-quest-screen)" />
      <path
        d="M48 104c18-14 30-6 44-16s26-20 46-8 30 4 54-10"
        fill="none"
        stroke="#c4b5fd"
        strokeWidth="2"
        strokeDasharray="4 6"
        strokeLinecap="round"
      />
      <circle cx="120" cy="73" r="24" fill="url(#lost-quest-brand)" />
      <path d="M113 61v24l19-12z" fill="#fff" />
      <rect x="34" y="128" width="172" height="6" rx="3" fill="#ede9fe" />
      <rect x="34" y="128" width="70" height="6" rx="3" fill="url(#lost-quest-brand)" />
      <circle cx="104" cy="131" r="6" fill="#fff" stroke="#7c3aed" strokeWidth="2" />
      <circle cx="212" cy="24" r="18" fill="#db2777" />
      <path
        d="M206 19.5a6 6 0 1 1 8.6 5.4c-1.7.8-2.6 1.9-2.6 3.6v1"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="212" cy="34.5" r="1.9" fill="#fff" />
      <circle cx="18" cy="60" r="4" fill="#f9a8d4" />
      <circle cx="228" cy="110" r="3" fill="#c4b5fd" />
      <circle cx="40" cy="158" r="2.5" fill="#c4b5fd" />
    </svg>
  )
}
