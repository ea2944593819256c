// @vitest-environment jsdom
/**
 * On a phone the artifact upload offers both the files (every allowed type) and the camera
 * (`capture`, photos and videos), as two labelled inputs.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ArtifactUpload } from '../../src/client/features/post-observation/artifact-upload.js';
import { ARTIFACT_ACCEPT } from '../../src/client/features/post-observation/format.js';
import { renderWithMantine } from './render.js';

afterEach(cleanup);

describe('artifact upload inputs', () => {
  it('offers the files and the camera', () => {
    renderWithMantine(<ArtifactUpload observationsId="o1" postId="p1" />);
    const files = screen.getByLabelText('Artifact file') as HTMLInputElement;
    expect(files.type).toBe('file');
    expect(files.accept).toBe(ARTIFACT_ACCEPT);
    expect(files.hasAttribute('capture')).toBe(false);
    const camera = screen.getByLabelText('Take a photo or video') as HTMLInputElement;
    expect(camera.type).toBe('file');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toContain('image/*');
    expect(camera.accept).toContain('video/mp4');
  });
});
