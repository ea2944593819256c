/** What services are given: the signed-in user, and the app's parts (database, configuration, mailer, storage). */
import type { Role } from '../../shared/enums.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { FileStorage } from '../storage/file-storage.js';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  campus: string;
  departmentId: number | null;
  sessionId: string;
}

export interface Mailer {
  deliver(mail: { id: string; to: string; subject: string; body: string }): Promise<void>;
}

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  now: () => Date;
}
