/**
 * On phones the shell hides its right panel, so observation pages offer the conversation in a drawer instead
 * (shown below the md breakpoint only).
 */
import { useState } from 'react';
import { Button, Drawer } from '@mantine/core';
import { ChatPanel } from './chat-panel.js';

export function ChatMobileButton({ observationId }: { observationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" hiddenFrom="md" onClick={() => setOpen(true)}>
        Conversation
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="bottom" size="80%" title="Conversation" hiddenFrom="md">
        <div style={{ height: 'calc(80vh - 80px)' }}>
          <ChatPanel observationId={observationId} showTitle={false} />
        </div>
      </Drawer>
    </>
  );
}
