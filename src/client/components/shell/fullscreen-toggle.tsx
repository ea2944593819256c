import { ActionIcon } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { MaximizeIcon, MinimizeIcon } from '../icons.js';

/** Full-screen toggle (Fullscreen API). Hidden where the API does not exist (iOS Safari on iPhone). */
export function FullscreenToggle() {
  const { toggle, fullscreen } = useFullscreenDocument();
  if (typeof document !== 'undefined' && !document.fullscreenEnabled) return null;
  const label = fullscreen ? 'Exit full screen' : 'Full screen';
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label} onClick={() => void toggle()}>
      {fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
    </ActionIcon>
  );
}
