/**
 * Puts the observation's conversation into the shell's right panel while the calling page is mounted.
 * The node is memoised per id: useShellAside re-publishes whenever the node identity changes.
 */
import { useMemo } from 'react';
import { useShellAside } from '../../components/shell/aside-slot.js';
import { ChatPanel } from './chat-panel.js';

export function useObservationChat(observationId: string | null): void {
  const node = useMemo(() => (observationId ? <ChatPanel observationId={observationId} /> : null), [observationId]);
  useShellAside(node);
}
