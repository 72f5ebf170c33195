import { useEffect, useState } from 'react';

export const DEVTOOLS_SHORTCUT = 'Alt+Shift+D';

/** Whether the statechart panel is open; Alt+Shift+D toggles it. A view concern only. */
export function useDevtoolsToggle(initiallyOpen: boolean): boolean {
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.shiftKey && event.code === 'KeyD') {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open;
}
