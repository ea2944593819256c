/** FileStorage on local disk under DATA_DIR (the default): the tus file store plus DATA_DIR/artifacts. */
import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { AVATAR_KEY, isStoredKey, type FileStorage, type StoredUpload } from './file-storage.js';
import { isFileId, uploadInfo, uploadPath, uploadsDir } from './files.js';

export function artifactsDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'artifacts');
}

function artifactFile(dataDir: string, key: string): string {
  if (!isStoredKey(key)) throw new Error('Not a stored file key');
  // Pictures keep their own directory (DATA_DIR/avatars); artifacts theirs.
  return AVATAR_KEY.test(key) ? path.join(path.resolve(dataDir), key) : path.join(artifactsDir(dataDir), key);
}

async function mtime(file: string): Promise<number> {
  return (await stat(file).catch(() => null))?.mtimeMs ?? 0;
}

export function diskStorage(dataDir: string): FileStorage {
  const dir = uploadsDir(dataDir);
  let store: FileStore | undefined;

  async function upload(id: string): Promise<StoredUpload | null> {
    const info = await uploadInfo(dataDir, id);
    if (!info) return null;
    const file = uploadPath(dataDir, id);
    const modified = Math.max(await mtime(file), await mtime(`${file}.json`));
    return { ...info, modifiedAt: new Date(modified) };
  }

  return {
    kind: 'disk',
    get datastore() {
      // Created on first use: FileStore makes its directory, which only the upload route needs.
      store ??= new FileStore({ directory: dir });
      return store;
    },
    upload,
    async listUploads() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return []; // nothing uploaded yet
      }
      // An upload is `<id>` plus `<id>.json`; either may be left alone by a crash, and both count as the upload.
      const ids = new Set(names.map((n) => (n.endsWith('.json') ? n.slice(0, -5) : n)).filter(isFileId));
      const out: StoredUpload[] = [];
      for (const id of ids) {
        const found = await upload(id);
        if (found) {
          out.push(found);
          continue;
        }
        const file = uploadPath(dataDir, id);
        const modified = Math.max(await mtime(file), await mtime(`${file}.json`));
        out.push({ id, size: null, offset: 0, metadata: {}, complete: false, modifiedAt: new Date(modified) });
      }
      return out;
    },
    async removeUpload(id) {
      const file = uploadPath(dataDir, id);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    },
    async readUpload(id, position, length) {
      const fh = await open(uploadPath(dataDir, id), 'r');
      try {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await fh.read(buf, 0, length, position);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
    async promoteUpload(id, key) {
      const to = artifactFile(dataDir, key);
      await mkdir(path.dirname(to), { recursive: true });
      const from = uploadPath(dataDir, id);
      try {
        await rename(from, to);
      } catch {
        await copyFile(from, to);
        await rm(from, { force: true });
      }
      await rm(`${from}.json`, { force: true }); // tus metadata of the finished upload
    },
    async writeStored(key, bytes) {
      if (!isStoredKey(key)) throw new Error('Not a stored file key');
      const to = artifactFile(dataDir, key);
      await mkdir(path.dirname(to), { recursive: true });
      await writeFile(to, bytes);
    },
    async artifactSize(key) {
      if (!isStoredKey(key)) return null;
      const s = await stat(artifactFile(dataDir, key)).catch(() => null);
      return s?.isFile() ? s.size : null;
    },
    async openArtifact(key, range) {
      return createReadStream(artifactFile(dataDir, key), range ? { start: range.start, end: range.end } : undefined);
    },
    async removeArtifact(key) {
      if (isStoredKey(key)) await rm(artifactFile(dataDir, key), { force: true });
    },
    async listStored() {
      const names = async (d: string) => (await readdir(d).catch(() => [] as string[])).sort();
      const artifacts = (await names(artifactsDir(dataDir))).filter((n) => isStoredKey(n));
      const avatars = (await names(path.join(path.resolve(dataDir), 'avatars'))).map((n) => `avatars/${n}`).filter((k) => AVATAR_KEY.test(k));
      return [...artifacts, ...avatars];
    },
    async putStoredFile(key, file) {
      const to = artifactFile(dataDir, key);
      await mkdir(path.dirname(to), { recursive: true });
      await copyFile(file, to);
    },
    async ping() {
      // The directory every store writes under must exist (or be creatable) and be writable by this process.
      const root = path.resolve(dataDir);
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
