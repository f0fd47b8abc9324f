import { useNavigation } from 'react-router'

/**
 * A thin bar at the top of the window while the next screen's data loads (issue 11 §4): without
 * it a client navigation on a slow connection left the old screen up with no sign of life. It
 * shows only after 150 ms (CSS delay, so fast navigations never flash it) and does not move for
 * readers who ask for reduced motion.
 */
export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      role="progressbar"
      aria-label="Loading the next page"
      data-slot="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[110] h-1 overflow-hidden opacity-0 [animation:vq-appear_0s_150ms_forwards]"
    >
      <div className="h-full w-1/3 bg-gradient-to-r from-violet-600 to-pink-600 [animation:vq-progress_1.2s_ease-in-out_infinite] motion-reduce:w-full motion-reduce:[animation:none]" />
    </div>
  )
}
