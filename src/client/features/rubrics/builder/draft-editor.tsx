/**
 * Editing a draft rubric version: its name, its scale (2–7 levels: value, label), its groups (code, title) and
 * their items (code, title, guidance, a descriptor per level), reordered by drag or by the Move up/down buttons.
 * Every change is checked at once with the shared RubricDefinition schema and each message shown at its field;
 * the server's refusal, which names the same paths, is shown there too. The preview is the rubric screen itself.
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Modal, NumberInput, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { RubricVersion } from '../../../../shared/contract/rubrics.js';
import { SCALE_LEVELS_MIN } from '../../../../shared/rubric-definition.js';
import { toast } from '../../../components/toast.js';
import { ApiError } from '../../../api/errors.js';
import { deleteDraft, exportVersion, publishVersion, saveDraft } from '../../../api/rubrics.js';
import {
  freshCode,
  fromVersion,
  issuesOf,
  move,
  newGroup,
  newItem,
  nextLevel,
  rekeyDescriptors,
  serverIssue,
  toDefinition,
  type EditorGroup,
  type EditorItem,
  type EditorState,
} from './builder-state.js';
import { DragHandle, dropProps, MoveButtons } from './reorder-controls.js';
import { RubricPreview } from './rubric-preview.js';

export interface DraftEditorProps {
  version: RubricVersion;
  /** After a save, publish or delete: the new state of the version (null: deleted). */
  onChanged: (next: RubricVersion | null) => void;
}

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

export function DraftEditor({ version, onChanged }: DraftEditorProps) {
  const [state, setState] = useState<EditorState>(() => fromVersion(version));
  const [dirty, setDirty] = useState(false);
  const [serverError, setServerError] = useState<{ path: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'delete' | null>(null);
  const [confirm, setConfirm] = useState<'publish' | 'delete' | null>(null);
  const issues = useMemo(() => issuesOf(state), [state]);
  const valid = Object.keys(issues).length === 0;
  const at = (path: string) => issues[path] ?? (serverError?.path === path ? serverError.message : undefined);

  function change(next: EditorState | ((s: EditorState) => EditorState)) {
    setState(next);
    setDirty(true);
    setServerError(null);
  }
  const setGroup = (g: number, patch: Partial<EditorGroup>) => change((s) => ({ ...s, groups: s.groups.map((x, i) => (i === g ? { ...x, ...patch } : x)) }));
  const setItem = (g: number, i: number, patch: Partial<EditorItem>) =>
    change((s) => ({ ...s, groups: s.groups.map((x, gi) => (gi === g ? { ...x, items: x.items.map((y, ii) => (ii === i ? { ...y, ...patch } : y)) } : x)) }));
  const allItemCodes = () => state.groups.flatMap((g) => g.items.map((i) => i.code));

  function refused(err: unknown) {
    const text = message(err);
    const issue = err instanceof ApiError ? serverIssue(text) : null;
    setServerError({ path: issue?.path ?? null, message: issue?.message ?? text });
    toast.error(text);
  }

  async function save(): Promise<RubricVersion | null> {
    if (!valid) {
      toast.error('Correct the fields marked in red first.');
      return null;
    }
    setBusy('save');
    try {
      const saved = await saveDraft(version.id, toDefinition(state));
      setDirty(false);
      toast.success('Draft saved');
      onChanged(saved);
      return saved;
    } catch (err) {
      refused(err);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function publish() {
    setConfirm(null);
    if (dirty && !(await save())) return;
    setBusy('publish');
    try {
      const published = await publishVersion(version.id);
      toast.success('Version published');
      onChanged(published);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setConfirm(null);
    setBusy('delete');
    try {
      await deleteDraft(version.id);
      toast.success('Draft deleted');
      onChanged(null);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(null);
    }
  }

  const moveGroup = (from: number, to: number) => change((s) => ({ ...s, groups: move(s.groups, from, to) }));
  const moveItem = (g: number) => (from: number, to: number) => setGroup(g, { items: move(state.groups[g].items, from, to) });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">Draft version {version.number}{dirty ? ' · unsaved changes' : ''}</Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => void exportVersion(version.id, state.name).catch(refused)} disabled={dirty}>Export JSON</Button>
          <Button variant="default" color="red" onClick={() => setConfirm('delete')} loading={busy === 'delete'}>Delete draft</Button>
          <Button variant="light" onClick={() => void save()} loading={busy === 'save'} disabled={!dirty}>Save draft</Button>
          <Button onClick={() => (valid ? setConfirm('publish') : toast.error('Correct the fields marked in red first.'))} loading={busy === 'publish'}>Publish</Button>
        </Group>
      </Group>
      {serverError ? <Alert color="red" role="alert" title="Not saved">{serverError.path ? `${serverError.path}: ` : ''}{serverError.message}</Alert> : null}
      {!valid ? <Alert color="yellow" role="status" data-testid="issue-count">{Object.keys(issues).length} field(s) to correct before saving.</Alert> : null}
      <Tabs defaultValue="edit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">Edit</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="md">
          <Stack>
            <TextInput label="Rubric name" value={state.name} onChange={(e) => change({ ...state, name: e.currentTarget.value })} error={at('name')} required />
            <ScaleEditor state={state} change={change} at={at} />
            <Title order={2} size="h4">Groups</Title>
            {at('groups') ? <Text c="var(--mantine-color-error)" size="sm" role="alert">{at('groups')}</Text> : null}
            {state.groups.map((group, g) => (
              <Card key={group.key} withBorder radius="md" padding="md" component="section" aria-label={`Group ${g + 1}`} {...dropProps('groups', g, moveGroup)} data-testid="group-editor">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" align="flex-end">
                    <Group gap="xs" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
                      <DragHandle list="groups" index={g} />
                      <TextInput label={`Group ${g + 1} code`} value={group.code} onChange={(e) => setGroup(g, { code: e.currentTarget.value })} error={at(`groups.${g}.code`)} w={120} required />
                      <TextInput label={`Group ${g + 1} title`} value={group.title} onChange={(e) => setGroup(g, { title: e.currentTarget.value })} error={at(`groups.${g}.title`)} style={{ flex: 1, minWidth: 180 }} required />
                    </Group>
                    <Group gap={4}>
                      <MoveButtons what={`group ${group.code}`} index={g} count={state.groups.length} onMove={moveGroup} />
                      <Button variant="subtle" color="red" onClick={() => change({ ...state, groups: state.groups.filter((_, i) => i !== g) })} aria-label={`Remove group ${group.code}`}>Remove</Button>
                    </Group>
                  </Group>
                  {at(`groups.${g}.items`) ? <Text c="var(--mantine-color-error)" size="sm" role="alert">{at(`groups.${g}.items`)}</Text> : null}
                  {group.items.map((item, i) => (
                    <ItemEditor key={item.key} item={item} g={g} i={i} count={group.items.length} state={state} at={at} setItem={setItem} onMove={moveItem(g)} groupKey={group.key}
                      onRemove={() => setGroup(g, { items: group.items.filter((_, x) => x !== i) })} />
                  ))}
                  <Group>
                    <Button variant="light" size="sm" onClick={() => setGroup(g, { items: [...group.items, newItem(freshCode(`${group.code || 'I'}`, allItemCodes()))] })}>Add item to {group.code || `group ${g + 1}`}</Button>
                  </Group>
                </Stack>
              </Card>
            ))}
            <Group>
              <Button variant="light" onClick={() => {
                const code = freshCode('G', state.groups.map((x) => x.code));
                change({ ...state, groups: [...state.groups, newGroup(code, freshCode(code + '.', allItemCodes()))] });
              }}>Add group</Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <RubricPreview state={state} />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={confirm === 'publish'} onClose={() => setConfirm(null)} title="Publish this version?" centered>
        <Text>A published version never changes: observations initiated on it are scored on exactly these items and levels. To change it later, start a new draft from it.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>Cancel</Button>
          <Button onClick={() => void publish()}>Publish</Button>
        </Group>
      </Modal>
      <Modal opened={confirm === 'delete'} onClose={() => setConfirm(null)} title="Delete this draft?" centered>
        <Text>The draft is deleted{version.number === 1 ? ', and the rubric with it (it has no other version)' : ''}.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>Cancel</Button>
          <Button color="red" onClick={() => void remove()}>Delete</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

type At = (path: string) => string | undefined;

function ScaleEditor({ state, change, at }: { state: EditorState; change: (s: EditorState) => void; at: At }) {
  const add = nextLevel(state.scale);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Scale">
      <Title order={2} size="h4" mb="xs">Scale</Title>
      <Text size="sm" c="dimmed" mb="sm">2 to 7 levels, each a whole value with a label. A side's maximum is items × the top value.</Text>
      {at('scale') ? <Text c="var(--mantine-color-error)" size="sm" role="alert" mb="xs">{at('scale')}</Text> : null}
      <Stack gap="xs">
        {state.scale.map((level, l) => (
          <Group key={l} align="flex-end" wrap="wrap" data-testid="scale-level">
            <NumberInput
              label={`Level ${l + 1} value`}
              value={level.value}
              allowDecimal={false}
              w={130}
              error={at(`scale.${l}.value`)}
              onChange={(v) => {
                const value = typeof v === 'number' ? v : Number.NaN;
                const scale = state.scale.map((x, i) => (i === l ? { ...x, value } : x));
                change(Number.isFinite(value) ? rekeyDescriptors({ ...state, scale }, level.value, value) : { ...state, scale });
              }}
            />
            <TextInput
              label={`Level ${l + 1} label`}
              value={level.label}
              error={at(`scale.${l}.label`)}
              style={{ flex: 1, minWidth: 160 }}
              onChange={(e) => change({ ...state, scale: state.scale.map((x, i) => (i === l ? { ...x, label: e.currentTarget.value } : x)) })}
            />
            <Button
              variant="subtle"
              color="red"
              disabled={state.scale.length <= SCALE_LEVELS_MIN}
              aria-label={`Remove level ${l + 1}`}
              onClick={() => change(rekeyDescriptors({ ...state, scale: state.scale.filter((_, i) => i !== l) }, level.value, null))}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      <Group mt="sm">
        <Button variant="light" size="sm" disabled={!add} onClick={() => add && change({ ...state, scale: [...state.scale, add] })}>Add level</Button>
      </Group>
    </Card>
  );
}

interface ItemEditorProps {
  item: EditorItem;
  g: number;
  i: number;
  count: number;
  groupKey: string;
  state: EditorState;
  at: At;
  setItem: (g: number, i: number, patch: Partial<EditorItem>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

function ItemEditor({ item, g, i, count, groupKey, state, at, setItem, onMove, onRemove }: ItemEditorProps) {
  const [open, setOpen] = useState(false);
  const base = `groups.${g}.items.${i}`;
  const descriptorIssue = Object.keys(item.descriptors).map((k) => at(`${base}.descriptors.${k}`)).find(Boolean);
  return (
    <Card withBorder radius="sm" padding="sm" {...dropProps(`items-${groupKey}`, i, onMove)} data-testid="item-editor" aria-label={`Item ${i + 1} of group ${g + 1}`} component="div" role="group">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group gap="xs" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
            <DragHandle list={`items-${groupKey}`} index={i} />
            <TextInput label={`Item ${i + 1} code`} value={item.code} onChange={(e) => setItem(g, i, { code: e.currentTarget.value })} error={at(`${base}.code`)} w={120} required />
            <TextInput label={`Item ${i + 1} title`} value={item.title} onChange={(e) => setItem(g, i, { title: e.currentTarget.value })} error={at(`${base}.title`)} style={{ flex: 1, minWidth: 180 }} required />
          </Group>
          <Group gap={4}>
            <MoveButtons what={`item ${item.code}`} index={i} count={count} onMove={onMove} />
            <ActionIcon variant="subtle" color="red" size={44} aria-label={`Remove item ${item.code}`} onClick={onRemove}>
              <span aria-hidden="true">✕</span>
            </ActionIcon>
          </Group>
        </Group>
        <Textarea label={`Item ${i + 1} guidance (optional)`} autosize minRows={1} value={item.guidance} onChange={(e) => setItem(g, i, { guidance: e.currentTarget.value })} error={at(`${base}.guidance`)} />
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide descriptors' : 'Descriptors per level'}
          </Button>
          {descriptorIssue ? <Text size="sm" c="var(--mantine-color-error)">{descriptorIssue}</Text> : null}
        </Group>
        {open
          ? state.scale.map((level) => (
              <Textarea
                key={level.value}
                label={`${item.code || `Item ${i + 1}`} at ${level.value} ${level.label} (optional)`}
                autosize
                minRows={1}
                value={item.descriptors[String(level.value)] ?? ''}
                error={at(`${base}.descriptors.${level.value}`)}
                onChange={(e) => setItem(g, i, { descriptors: { ...item.descriptors, [String(level.value)]: e.currentTarget.value } })}
              />
            ))
          : null}
      </Stack>
    </Card>
  );
}
