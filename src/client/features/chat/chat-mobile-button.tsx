/**
 * Below the desktop size (tablet and phone) the shell shows no chat panel, so observation pages offer the
 * conversation in a drawer instead. The button carries the number of messages from others not seen yet on this
 * device (the newest message time seen is kept per observation in localStorage when the drawer is open).
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Drawer } from '@mantine/core';
import { useRequiredSession } from '../../hooks/use-session.js';
import { ChatPanel } from './chat-panel.js';
import { useMessages } from './use-messages.js';

const seenKey = (observationId: string) => `observa:chat-seen:${observationId}`;

export function ChatMobileButton({ observationId }: { observationId: string }) {
  const [open, setOpen] = useState(false);
  const session = useRequiredSession();
  const messages = useMessages(observationId) ?? [];
  const [seen, setSeen] = useState(() => localStorage.getItem(seenKey(observationId)) ?? '');
  const newest = messages.length > 0 ? messages[messages.length - 1].createdAt : '';
  const unread = open ? 0 : messages.filter((m) => m.authorId !== session.id && m.createdAt > seen).length;

  // While the drawer is open everything shown counts as seen.
  useEffect(() => {
    if (!open || !newest || newest <= seen) return;
    localStorage.setItem(seenKey(observationId), newest);
    setSeen(newest);
  }, [open, newest, seen, observationId]);

  return (
    <>
      <Button
        variant="default"
        hiddenFrom="lg"
        onClick={() => setOpen(true)}
        aria-label={unread > 0 ? `Conversation, ${unread} unread` : 'Conversation'}
        rightSection={unread > 0 ? <Badge size="sm" color="red" circle aria-hidden="true">{unread}</Badge> : null}
      >
        Conversation
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="min(420px, 100%)" title="Conversation" hiddenFrom="lg">
        <div style={{ height: 'calc(100dvh - 90px)' }}>
          <ChatPanel observationId={observationId} showTitle={false} />
        </div>
      </Drawer>
    </>
  );
}
