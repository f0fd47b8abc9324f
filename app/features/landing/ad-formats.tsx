import { Check } from 'lucide-react'
import { AD_FORMATS, type AdFormat } from '#app/features/landing/content.ts'
import { CheckList } from '#app/features/landing/detail-dialog.tsx'
import { LandingSection } from '#app/features/landing/landing-section.tsx'

export function AdFormats() {
  return (
    <LandingSection id="ad-formats" className="bg-white">
      <ul className="mt-14 grid gap-6 lg:grid-cols-3">
        {AD_FORMATS.map((f) => (
          <li key={f.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            <div className="flex aspect-[16/10] items-center justify-center bg-gradient-to-br from-violet-50 to-pink-50 p-6">
              <FormatIllustration id={f.id} />
            </div>
            <div className="p-6">
              <h3 className="text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-slate-600">{f.text}</p>
              <CheckList items={f.points} icon={Check} className="mt-4 grid gap-1.5" />
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}

const play = (cx: number, cy: number, r: number) => (
  <>
    <circle cx={cx} cy={cy} r={r} fill="#fff" opacity="0.92" />
    <path d={`M${cx - r / 3} ${cy - r / 2} L${cx + r / 2} ${cy} L${cx - r / 3} ${cy + r / 2} Z`} fill="#7c3aed" />
  </>
)

/** Small drawings of each format; decorative. */
function FormatIllustration({ id }: { id: AdFormat['id'] }) {
  const fill = `url(#fmt-${id})`
  return (
    <svg viewBox="0 0 240 150" className="h-full w-full max-w-xs" aria-hidden="true">
      <defs>
        <linearGradient id={`fmt-${id}`} x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      {id === 'overlay' && (
        <>
          <Page />
          {[24, 38, 52, 66, 80, 94, 108].map((y, i) => (
            <rect key={y} x="24" y={y} width={i % 3 === 2 ? 120 : 190} height="6" rx="3" fill="#e2e8f0" />
          ))}
          <rect x="110" y="70" width="112" height="66" rx="8" fill={fill} />
          {play(166, 96, 13)}
          <rect x="122" y="118" width="88" height="10" rx="5" fill="#fff" opacity="0.85" />
        </>
      )}
      {id === 'outstream' && (
        <>
          <Page />
          <rect x="24" y="18" width="150" height="6" rx="3" fill="#e2e8f0" />
          <rect x="24" y="30" width="190" height="6" rx="3" fill="#e2e8f0" />
          <rect x="24" y="44" width="192" height="70" rx="8" fill={fill} />
          {play(120, 79, 14)}
          <rect x="34" y="104" width="120" height="4" rx="2" fill="#fff" opacity="0.6" />
          <rect x="24" y="122" width="170" height="6" rx="3" fill="#e2e8f0" />
        </>
      )}
      {id === 'interstitial' && (
        <>
          <rect x="82" y="2" width="76" height="146" rx="14" fill="#0f172a" />
          <rect x="87" y="8" width="66" height="134" rx="10" fill={fill} />
          {play(120, 64, 14)}
          <rect x="95" y="100" width="50" height="8" rx="4" fill="#fff" opacity="0.85" />
          <rect x="95" y="116" width="50" height="14" rx="7" fill="#fff" />
          <text x="120" y="126" textAnchor="middle" fontSize="8" fontWeight="700" fill="#be185d">
            +500 XP
          </text>
        </>
      )}
    </svg>
  )
}

/** The white page an overlay or outstream ad sits on. */
const Page = () => <rect x="10" y="6" width="220" height="138" rx="10" fill="#fff" stroke="#e2e8f0" />
