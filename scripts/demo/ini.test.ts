import { describe, expect, it } from 'vitest';
import { loadEnvironmentConfig, parseIni } from './ini-config';
import { iniFromValues, keyLine, setIniValue } from './ini-text';
import { VirtualFs } from './virtual-fs';

const BASE =
  '# defaults\n\n[server]\nport = 8080\ntimeout_seconds = 30\n\n[logging]\nlevel = info\n';

describe('INI files', () => {
  it('parse like configparser, inline comments included', () => {
    const sections = parseIni('a.ini', '[s]\nKey = 5  # five\nother: x\n');
    expect(sections.get('s')?.get('key')).toBe('5  # five');
    expect(sections.get('s')?.get('other')).toBe('x');
    expect(() => parseIni('a.ini', 'key = 1\n')).toThrow(/no section headers/);
    expect(() => parseIni('a.ini', '[s]\njunk\n')).toThrow(/parsing errors/);
  });

  it('overlay the environment file on base.ini', () => {
    const fs = new VirtualFs({
      'config/base.ini': BASE,
      'config/staging.ini': '[logging]\nlevel = debug\n',
    });
    expect(loadEnvironmentConfig(fs, 'staging')).toEqual({
      server: { port: '8080', timeout_seconds: '30' },
      logging: { level: 'debug' },
    });
    expect(() => loadEnvironmentConfig(fs, 'qa')).toThrow(/No such file/);
  });

  it('edit a key in place, under its section, or in a new section', () => {
    expect(keyLine(BASE, 'server', 'port')).toBe('port = 8080');
    expect(keyLine(BASE, 'logging', 'port')).toBeNull();
    expect(setIniValue(BASE, 'server', 'port', '9000')).toContain(
      '[server]\nport = 9000\ntimeout_seconds = 30',
    );
    expect(setIniValue(BASE, 'logging', 'format', 'json')).toContain(
      '[logging]\nformat = json\nlevel = info',
    );
    expect(setIniValue(BASE, 'cache', 'ttl', '60').endsWith('\n[cache]\nttl = 60\n')).toBe(true);
    expect(iniFromValues([{ section: 'a', key: 'k', value: 'v' }], '# h')).toBe(
      '# h\n\n[a]\nk = v\n',
    );
  });
});
