// How the config agent writes settings, and where its characteristic mistakes come from: the
// target file it picks (staging, base.ini, or a legacy file nobody loads), the key names and value
// formats it uses, and whether it edits in place or rewrites the file.

import type { Persona } from './agent-core';
import type { ConfigSlots } from './config-phrases';
import { type ConfigFailure, type ConfigKnowledge, expectationKey } from './config-knowledge';
import { hasSection, iniFromValues, keyLine, setIniValue } from './ini-text';
import type { Rng } from './random';
import type { Move } from './speaker';
import type { ConfigChange, ConfigTask } from './task-types';

export type ConfigMove = Move<ConfigSlots>;

export const STAGING = 'config/staging.ini';
export const BASE = 'config/base.ini';

interface Setting {
  section: string;
  key: string;
  value: string;
}

export function changeKey(change: Pick<ConfigChange, 'section' | 'key'>): string {
  return `${change.section}.${change.key}`;
}

export class ConfigEditor {
  /** Requested key -> the file the agent wrote it to. */
  readonly applied = new Map<string, string>();
  readonly baseEdits = new Set<string>();
  /** Set once a value written to the legacy file visibly had no effect. */
  private decoyDistrusted = false;

  constructor(
    private readonly task: ConfigTask,
    private readonly persona: Persona,
    private readonly k: ConfigKnowledge,
  ) {}

  pending(): ConfigChange[] {
    return this.task.changes.filter((change) => !this.applied.has(changeKey(change)));
  }

  /** Where the new values go: staging, unless the agent misreads how the overlay works. */
  private chooseTarget(rng: Rng): string {
    const k = this.k;
    const p = this.persona;
    const baseOdds = k.knowsOverlay ? 0.05 : k.map.read.has(STAGING) ? 0.3 : 0.7;
    if (k.map.read.has(BASE) && rng.chance(baseOdds * (1 - p.skill))) return BASE;
    const decoy = this.task.decoyPath;
    const trustsDecoy =
      decoy !== null && k.map.read.has(decoy) && !k.knowsOverlay && !this.decoyDistrusted;
    if (trustsDecoy && rng.chance(0.45 * (1 - p.skill))) return decoy;
    return STAGING;
  }

  private settingFor(rng: Rng, change: ConfigChange): Setting {
    const clumsiness = (1 - this.persona.skill) ** 2;
    const known = this.k.expected.get(expectationKey('staging', change.section, change.key));
    const keyKnown = this.k.knowsKeyNames || rng.chance(1 - 0.6 * clumsiness);
    const knowsFormat = this.k.map.read.has(BASE) || this.k.map.read.has('docs/CONFIG.md');
    const odds = known !== undefined ? 0.03 : (knowsFormat ? 0.2 : 0.6) * clumsiness;
    const value = rng.chance(odds) ? change.sloppyValue : change.value;
    return { section: change.section, key: keyKnown ? change.key : change.guessKey, value };
  }

  /** Writes some or all pending changes: an in-place edit, a rewrite, or a blind overwrite. */
  apply(rng: Rng, pending: ConfigChange[]): ConfigMove {
    const target = this.chooseTarget(rng);
    const content = this.k.contents.get(target);
    const singleEdit = content !== undefined && (pending.length === 1 || rng.chance(0.55));
    const batch = singleEdit ? pending.slice(0, 1) : pending;
    const settings = batch.map((change) => this.settingFor(rng, change));
    const keys = settings.map((s) => `${s.section}.${s.key} = ${s.value}`).join(', ');
    for (const change of batch) this.applied.set(changeKey(change), target);
    if (target === BASE) for (const change of batch) this.baseEdits.add(changeKey(change));
    const intent = target === BASE ? 'edit_base' : target === STAGING ? 'edit_key' : 'edit_decoy';
    const first = settings[0] as Setting;
    const slots = { path: target, key: `${first.section}.${first.key}`, value: first.value, keys };
    if (content === undefined) {
      const fresh = iniFromValues(settings, '# Staging overrides.');
      return {
        intent: 'write_blind',
        tool: 'write_file',
        args: { path: target, content: fresh },
        slots,
      };
    }
    if (singleEdit) {
      const line = keyLine(content, first.section, first.key);
      const header = `[${first.section}]`;
      const newLine = `${first.key} = ${first.value}`;
      if (line !== null) {
        return {
          intent,
          tool: 'edit_file',
          args: { path: target, old_str: line, new_str: newLine },
          slots,
        };
      }
      if (hasSection(content, first.section)) {
        const args = { path: target, old_str: header, new_str: `${header}\n${newLine}` };
        return { intent, tool: 'edit_file', args, slots };
      }
    }
    const updated = settings.reduce(
      (text, s) => setIniValue(text, s.section, s.key, s.value),
      content,
    );
    const rewriteIntent = target === STAGING ? 'write_overlay' : intent;
    return {
      intent: rewriteIntent,
      tool: 'write_file',
      args: { path: target, content: updated },
      slots,
    };
  }

  /** Puts the value a failing staging check expects into staging.ini. */
  setInStaging(failure: ConfigFailure, intent: 'fix_value' | 'restore_key'): ConfigMove {
    const content = this.k.contents.get(STAGING) ?? '# Staging overrides.\n';
    const key = changeKey(failure);
    const slots = { path: STAGING, key, value: failure.value, keys: key };
    this.applied.set(key, STAGING);
    const line = keyLine(content, failure.section, failure.key);
    if (line !== null) {
      const args = { path: STAGING, old_str: line, new_str: `${failure.key} = ${failure.value}` };
      return { intent, tool: 'edit_file', args, slots };
    }
    const updated = setIniValue(content, failure.section, failure.key, failure.value);
    return { intent, tool: 'write_file', args: { path: STAGING, content: updated }, slots };
  }

  /** Restores base.ini's original line for a key whose change leaked into production. */
  revertBase(failure: ConfigFailure): ConfigMove | null {
    const content = this.k.contents.get(BASE);
    const original = this.k.originals.get(BASE);
    if (content === undefined || original === undefined) return null;
    const current = keyLine(content, failure.section, failure.key);
    const before = keyLine(original, failure.section, failure.key);
    if (current === null || before === null || current === before) return null;
    const key = changeKey(failure);
    this.baseEdits.delete(key);
    this.applied.delete(key);
    const args = { path: BASE, old_str: current, new_str: before };
    return {
      intent: 'revert_base',
      tool: 'edit_file',
      args,
      slots: { path: BASE, key, keys: key },
    };
  }

  /** A requested key still failing in staging was written somewhere staging does not read. */
  forgetIneffectiveWrites(): void {
    for (const failure of this.k.failing) {
      const key = changeKey(failure);
      const target = this.applied.get(key);
      if (failure.env !== 'staging' || target === undefined || target === STAGING) continue;
      if (target === this.task.decoyPath) this.decoyDistrusted = true;
      this.applied.delete(key);
    }
  }
}
