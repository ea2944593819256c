/**
 * The shell's right panel (SPEC §2 "chat-box panel"). The shell renders whatever a page puts here and shows
 * no aside at all when nothing is set. A page (e.g. the observation conversation) fills it with
 * `useShellAside(<ChatBox … />)` while it is mounted.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

interface AsideSlot {
  content: ReactNode | null;
  setContent: (node: ReactNode | null) => void;
}

const AsideContext = createContext<AsideSlot | null>(null);

export function AsideSlotProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<ReactNode | null>(null);
  return <AsideContext.Provider value={{ content, setContent }}>{children}</AsideContext.Provider>;
}

/** The current aside content (for the shell). */
export function useAsideContent(): ReactNode | null {
  return useContext(AsideContext)?.content ?? null;
}

/** Put `node` in the right panel while the calling component is mounted; cleared on unmount. */
export function useShellAside(node: ReactNode | null): void {
  const ctx = useContext(AsideContext);
  const setContent = ctx?.setContent;
  useEffect(() => {
    if (!setContent) return;
    setContent(node);
  }, [setContent, node]);
  useEffect(() => {
    if (!setContent) return;
    return () => setContent(null);
  }, [setContent]);
}
