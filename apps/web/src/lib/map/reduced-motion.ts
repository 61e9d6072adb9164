/** The reader asked for less motion (Settings → Accessibility): the map jumps instead of flying. */
export const prefersReducedMotion = () => document.documentElement.classList.contains('reduce-motion');
