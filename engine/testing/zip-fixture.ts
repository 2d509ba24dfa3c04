// Zip archives for tests, built byte by byte so a test can make what no zip tool would: entries
// that inflate far past their size, or that declare a size other than the one they inflate to.
import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFixtureEntry {
  name: string;
  data: string | Buffer;
  /** Deflate the data (the default) or store it as it is. */
  store?: boolean;
  /** The uncompressed size the archive declares, when it should lie about it. */
  declaredSize?: number;
  /** Bytes already compressed with this zip method (93 = zstd), written as they are. */
  compressed?: { method: number; body: Buffer };
}

/** Writes a zip of the entries; each entry's sizes are in both its local and central header. */
export function writeZip(file: string, entries: ZipFixtureEntry[]): void {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const body = entry.compressed?.body ?? (entry.store === true ? data : deflateRawSync(data));
    const method = entry.compressed?.method ?? (entry.store === true ? 0 : 8);
    const declared = entry.declaredSize ?? data.length;
    const name = Buffer.from(entry.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(file, Buffer.concat([...locals, directory, end]));
}
