// Reading a ZIP in Node for tests (unit and e2e): its central directory, each entry's bytes
// (stored or deflated, through node:zlib) and a check of each entry's CRC-32, so a test knows
// the archive opens as any unzip tool would open it and holds exactly these bytes.
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipFileEntry {
  name: string;
  data: Buffer;
}

export function readZip(zip: Buffer): ZipFileEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory');
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (offset === 0xffffffff || count === 0xffff) {
    // ZIP64: the locator just before points to the ZIP64 end record
    const record = Number(zip.readBigUInt64LE(eocd - 20 + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const entries: ZipFileEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    let size = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    // ZIP64 extra field: sizes and offset that did not fit in 32 bits, in this order
    const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
    for (let p = 0; p + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(p);
      const len = extra.readUInt16LE(p + 2);
      if (id === 0x0001) {
        let q = p + 4;
        const uncompressed = zip.readUInt32LE(offset + 24);
        if (uncompressed === 0xffffffff) q += 8;
        if (size === 0xffffffff) {
          size = Number(extra.readBigUInt64LE(q));
          q += 8;
        }
        if (local === 0xffffffff) local = Number(extra.readBigUInt64LE(q));
      }
      p += 4 + len;
    }
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`${name}: unknown compression method ${method}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    entries.push({ name, data });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
