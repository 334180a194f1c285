// Profiles on disk, through conf: a JSON file of mode 0600 holding each profile's base URL
// and token. Loaded only by commands that need it, so --help never touches the file.
import { RuntimeError } from './errors.js';

export interface ProfileRecord {
  baseUrl?: string;
  token?: string;
}

export interface ConfigStore {
  readonly path: string;
  profile(name: string): ProfileRecord | undefined;
  saveProfile(name: string, record: ProfileRecord): void;
  deleteProfile(name: string): boolean;
  profileNames(): string[];
}

interface FileShape {
  profiles: Record<string, ProfileRecord>;
}

export async function openConfig(dir: string): Promise<ConfigStore> {
  const { default: Conf } = await import('conf');
  let conf: InstanceType<typeof Conf<FileShape>>;
  try {
    conf = new Conf<FileShape>({
      projectName: 'store-cli',
      projectSuffix: '',
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      defaults: { profiles: {} },
    });
  } catch (error) {
    throw new RuntimeError(`The config file in ${dir} could not be read (${error instanceof Error ? error.message : String(error)}); fix or delete it.`);
  }
  const profiles = (): Record<string, ProfileRecord> => {
    const value = conf.get('profiles');
    return value && typeof value === 'object' ? value : {};
  };
  return {
    path: conf.path,
    profile: (name) => {
      const record = profiles()[name];
      if (!record || typeof record !== 'object') return undefined;
      return {
        ...(typeof record.baseUrl === 'string' ? { baseUrl: record.baseUrl } : {}),
        ...(typeof record.token === 'string' ? { token: record.token } : {}),
      };
    },
    saveProfile: (name, record) => conf.set('profiles', { ...profiles(), [name]: record }),
    deleteProfile: (name) => {
      const all = profiles();
      if (!(name in all)) return false;
      const { [name]: _removed, ...rest } = all;
      conf.set('profiles', rest);
      return true;
    },
    profileNames: () => Object.keys(profiles()).sort(),
  };
}
