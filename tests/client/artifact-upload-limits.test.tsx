// @vitest-environment jsdom
/**
 * The artifact upload form shows the limits before upload and refuses a file over its kind's limit (or over the
 * quota left, when the server told it) locally, with the very message the server's 413 carries.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ArtifactUpload, fileProblem } from '../../src/client/features/post-observation/artifact-upload.js';
import { uploadTooLargeMessage } from '../../src/shared/contract/files.js';
import { MSG } from '../../src/shared/messages.js';
import { renderWithMantine } from './render.js';

const MiB = 1024 * 1024;
afterEach(cleanup);

describe('artifact upload limits', () => {
  it('shows the per-kind limits and refuses a too-large image or a wrong type before anything is queued', async () => {
    renderWithMantine(<ArtifactUpload observationsId="o1" postId="p1" />);
    expect(screen.getByTestId('upload-limits').textContent).toContain('PNG images up to 20 MB');
    expect(screen.getByTestId('upload-limits').textContent).toContain('Videos up to 200 MB');
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;

    const big = new File([new Uint8Array(21 * MiB)], 'photo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('PNG images may be at most 20 MB; this file is 21 MB.');
    expect(upload.disabled).toBe(true);

    const video = new File([new Uint8Array(21 * MiB)], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [video] } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(upload.disabled).toBe(false);

    const exe = new File([new Uint8Array(10)], 'setup.exe', { type: 'application/x-msdownload' });
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [exe] } });
    expect(screen.getByRole('alert').textContent).toBe(MSG.artifactTypeNotAllowed);
    expect(upload.disabled).toBe(true);
  });

  it('uses the quota left that the server reported, with the server’s wording', () => {
    const limits = { types: [], quotaBytes: 30 * MiB, usedBytes: 20 * MiB, remainingBytes: 10 * MiB };
    const file = { size: 11 * MiB, type: 'application/pdf', name: 'plan.pdf' };
    expect(fileProblem(file, limits)).toBe('Your uploads may use at most 30 MB; 10 MB is left and this file is 11 MB.');
    expect(fileProblem(file, limits)).toBe(uploadTooLargeMessage(11 * MiB, 'pdf', 30 * MiB, 10 * MiB));
    expect(fileProblem({ ...file, size: 9 * MiB }, limits)).toBeNull();
    // a document from a phone without a type: the extension decides the kind
    expect(fileProblem({ size: 51 * MiB, type: '', name: 'Report.DOCX' }, null)).toBe('Word documents may be at most 50 MB; this file is 51 MB.');
  });
});
