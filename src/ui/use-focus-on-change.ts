import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus to the page heading when `key` changes after the first render.
 * Each state replaces the buttons of the last one; without this, focus would fall back
 * to the document and a keyboard or screen-reader user would lose their place.
 */
export function useFocusOnChange(key: string) {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    const target = document.getElementById('page-title');
    if (target && !target.contains(document.activeElement)) target.focus({ preventScroll: false });
  }, [key]);
}
