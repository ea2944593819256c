/** Loads the template of one type from the replica and shows the editor (loading / missing states). */
import { Center, Loader, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { EmailTemplate } from '../../../shared/contract/templates.js';
import type { EmailTemplateType, Role } from '../../../shared/enums.js';
import { can } from '../../../shared/permissions.js';
import { getDb } from '../../sync/index.js';
import { EmailTemplateEditor } from './email-template-editor.js';

export function EmailTemplatePage({ type, role }: { type: EmailTemplateType; role: Role }) {
  const template = useLiveQuery(
    async () => ((await getDb().emailTemplates.where('type').equals(type).first()) as unknown as EmailTemplate | undefined) ?? null,
    [type],
  );
  const mayEdit = can(role, 'email.edit');
  if (!mayEdit) return <Text c="dimmed">Only administrators can read and edit email templates.</Text>;
  if (template === undefined) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading template" />
      </Center>
    );
  }
  if (template === null) return <Text c="dimmed">This template has not been loaded yet. It appears once the app has synced.</Text>;
  // Remount when the stored text changes (a pull or our own update) so the draft starts from it.
  return <EmailTemplateEditor key={`${template.id}:${template.email}`} template={template} type={type} readOnly={false} link={location.origin} />;
}
